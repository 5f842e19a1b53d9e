import type { CircleItem } from '@karta/map-core';
import L from 'leaflet';
import { circleStyle } from './circle-style.ts';
import { removeAbsent } from './shown-layers.ts';
import { nearestCopyLng } from './world-copy.ts';

interface ShownCircle {
  item: CircleItem;
  circle: L.Circle;
}

/** The circles in metres on the map, kept in step with the last list by id; never clickable. */
export class CircleLayer {
  private readonly shown = new Map<string, ShownCircle>();
  // SVG, chosen outright: every browser has it, and Leaflet's own pick falls to a canvas
  // where SVG is not detected (as in jsdom), which would draw nothing there.
  private readonly renderer = new L.SVG();

  constructor(private readonly map: L.Map) {}

  /** Shows exactly `circles`, updating the ones it already has in place. */
  set(circles: readonly CircleItem[]): void {
    removeAbsent(this.shown, circles, (entry) => entry.circle);
    const centerLng = this.map.getCenter().lng;
    for (const item of circles) {
      const lng = nearestCopyLng(item.lng, centerLng);
      const entry = this.shown.get(item.id);
      // A new look is a new path: Leaflet sets a path's class only when it creates it, and
      // circles hold no focus that redrawing could lose.
      if (entry && (entry.item.kind !== item.kind || entry.item.color !== item.color)) {
        entry.circle.remove();
        this.shown.delete(item.id);
      }
      const kept = this.shown.get(item.id);
      if (kept) {
        const previous = kept.item;
        kept.item = item;
        if (previous.lat !== item.lat || previous.lng !== item.lng) kept.circle.setLatLng([item.lat, lng]);
        if (previous.radius !== item.radius) kept.circle.setRadius(item.radius);
      } else {
        const circle = L.circle([item.lat, lng], {
          ...circleStyle(item),
          radius: item.radius,
          renderer: this.renderer,
        });
        this.shown.set(item.id, { item, circle });
        circle.addTo(this.map);
      }
    }
  }

  /** Redraws each circle on the world copy nearest the centre, after the map moved. */
  followWorldCopy(): void {
    const centerLng = this.map.getCenter().lng;
    for (const { item, circle } of this.shown.values()) {
      const lng = nearestCopyLng(item.lng, centerLng);
      if (circle.getLatLng().lng !== lng) circle.setLatLng([item.lat, lng]);
    }
  }

  clear(): void {
    for (const entry of this.shown.values()) entry.circle.remove();
    this.shown.clear();
  }
}
