import { type LatLng, PICKER_GEOMETRY, PickerButton, type PickerItem } from '@karta/map-core';
import type L from 'leaflet';
import { createDomMarker, moveDomMarker } from './dom-marker.ts';
import { nearestCopyLng } from './world-copy.ts';

/** Above every place marker, selected ones included (they are raised by 1000). */
const PICKER_Z_OFFSET = 10_000;

/** The draggable position picker: the shared button in a Leaflet marker, above the place markers. */
export class PickerLayer {
  private shown: { button: PickerButton; marker: L.Marker } | null = null;

  constructor(
    private readonly map: L.Map,
    private readonly onMove: (position: LatLng) => void,
  ) {}

  set(item: PickerItem | null): void {
    if (!item) {
      this.clear();
      return;
    }
    if (this.shown) {
      if (this.shown.button.update(item)) this.draw(this.shown.marker, item);
      return;
    }
    // The host is asked to draw only after a user's move, by when the marker exists.
    let marker: L.Marker | null = null;
    const button = new PickerButton(item, {
      zoom: () => this.map.getZoom(),
      draw: (position) => marker && this.draw(marker, position),
      report: this.onMove,
    });
    marker = createDomMarker([item.lat, item.lng], button.element, PICKER_GEOMETRY);
    marker.setZIndexOffset(PICKER_Z_OFFSET);
    this.shown = { button, marker };
    marker.addTo(this.map);
    this.draw(marker, item);
  }

  /** Redraws the picker on the world copy nearest the centre, after the map moved. */
  followWorldCopy(): void {
    if (this.shown) this.draw(this.shown.marker, this.shown.button.current);
  }

  clear(): void {
    this.shown?.marker.remove();
    this.shown = null;
  }

  private draw(marker: L.Marker, { lat, lng }: LatLng): void {
    moveDomMarker(marker, lat, nearestCopyLng(lng, this.map.getCenter().lng));
  }
}
