import type { CircleItem } from '@karta/map-core';
import { circleStyle } from './circle-style.ts';
import { removeAbsent } from './shown-layers.ts';

interface ShownCircle {
  item: CircleItem;
  circle: google.maps.Circle;
}

/** The circles in metres on the map (`google.maps.Circle`), kept in step with the last list by id; never clickable. */
export class CircleLayer {
  private readonly shown = new Map<string, ShownCircle>();
  private readonly drawn = {
    remove: (id: string) => this.shown.get(id)?.circle.setMap(null),
  };

  constructor(
    private readonly maps: typeof google.maps,
    private readonly map: google.maps.Map,
  ) {}

  /** Shows exactly `circles`, updating the ones it already has in place. */
  set(circles: readonly CircleItem[]): void {
    removeAbsent(this.shown, circles, this.drawn);
    for (const item of circles) {
      const entry = this.shown.get(item.id);
      if (!entry) {
        const circle = new this.maps.Circle({
          ...circleStyle(item),
          center: { lat: item.lat, lng: item.lng },
          radius: item.radius,
          map: this.map,
        });
        this.shown.set(item.id, { item, circle });
        continue;
      }
      const previous = entry.item;
      entry.item = item;
      if (previous.kind !== item.kind || previous.color !== item.color)
        entry.circle.setOptions(circleStyle(item));
      if (previous.lat !== item.lat || previous.lng !== item.lng)
        entry.circle.setCenter({ lat: item.lat, lng: item.lng });
      if (previous.radius !== item.radius) entry.circle.setRadius(item.radius);
    }
  }

  clear(): void {
    for (const entry of this.shown.values()) entry.circle.setMap(null);
    this.shown.clear();
  }
}
