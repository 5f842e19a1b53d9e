import {
  createMarkerButton,
  type MapEvents,
  type MarkerItem,
  markerGeometry,
  updateMarkerButton,
} from '@karta/map-core';
import type L from 'leaflet';
import { createDomMarker, moveDomMarker, resizeDomMarker } from './dom-marker.ts';
import { followWorldCopy, removeAbsent, removeAll } from './shown-layers.ts';
import { nearestCopyLng } from './world-copy.ts';

interface ShownMarker {
  item: MarkerItem;
  button: HTMLButtonElement;
  marker: L.Marker;
}

/** Raises the selected marker above its neighbours. */
const SELECTED_Z_OFFSET = 1000;

/** The place marker buttons on the map, kept in step with the last list by place id. */
export class MarkerLayer {
  private readonly shown = new Map<number, ShownMarker>();

  constructor(
    private readonly map: L.Map,
    private readonly events: Pick<MapEvents, 'onMarkerClick'>,
  ) {}

  /** Shows exactly `markers`: updates buttons it already has (keeping focus), adds and removes the rest. */
  set(markers: readonly MarkerItem[]): void {
    removeAbsent(this.shown, markers, (entry) => entry.marker);
    const centerLng = this.map.getCenter().lng;
    for (const item of markers) {
      const lng = nearestCopyLng(item.lng, centerLng);
      const entry = this.shown.get(item.id);
      if (entry) {
        const previous = entry.item;
        entry.item = item;
        updateMarkerButton(entry.button, item);
        if (previous.approximate !== item.approximate)
          resizeDomMarker(entry.marker, markerGeometry(item.approximate));
        if (previous.selected !== item.selected)
          entry.marker.setZIndexOffset(item.selected ? SELECTED_Z_OFFSET : 0);
        moveDomMarker(entry.marker, item.lat, lng);
      } else {
        this.add(item, lng);
      }
    }
  }

  /** Redraws each marker on the world copy nearest the centre, after the map moved. */
  followWorldCopy(): void {
    followWorldCopy(this.map, this.shown);
  }

  clear(): void {
    removeAll(this.shown);
  }

  private add(item: MarkerItem, lng: number): void {
    const button = createMarkerButton(item);
    const marker = createDomMarker([item.lat, lng], button, markerGeometry(item.approximate));
    if (item.selected) marker.setZIndexOffset(SELECTED_Z_OFFSET);
    const entry: ShownMarker = { item, button, marker };
    button.addEventListener('click', () => this.events.onMarkerClick(entry.item.id));
    this.shown.set(item.id, entry);
    marker.addTo(this.map);
  }
}
