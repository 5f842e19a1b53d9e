import { type LatLng, PICKER_GEOMETRY, PickerButton, type PickerItem } from '@karta/map-core';
import type L from 'leaflet';
import { createDomMarker, moveDomMarker } from './dom-marker.ts';
import { nearestCopyLng } from './world-copy.ts';

/** The picker's own map pane, so it stacks as a whole against the pane of clusters and markers. */
export const PICKER_PANE = 'kartaPicker';

/**
 * The picker pane's z-index at rest: under Leaflet's marker pane (600), where clusters and place
 * markers are, so the picker never covers a cluster's count or a place; over the circles (400).
 */
export const PICKER_PANE_Z_AT_REST = 590;

/**
 * While the user holds the picker or works it with the keyboard: over the marker pane, still
 * under Leaflet's tooltip (650) and popup (700) panes, so the info window stays on top.
 */
export const PICKER_PANE_Z_RAISED = 640;

/**
 * The draggable position picker: the shared button in a Leaflet marker, in a pane of its own
 * under the clusters and markers, lifted over them while the user moves it (see `PickerHost.raise`).
 */
export class PickerLayer {
  private shown: { button: PickerButton; marker: L.Marker } | null = null;
  private readonly pane: HTMLElement;

  constructor(
    private readonly map: L.Map,
    private readonly onMove: (position: LatLng) => void,
  ) {
    this.pane = map.getPane(PICKER_PANE) ?? map.createPane(PICKER_PANE);
    this.pane.style.zIndex = String(PICKER_PANE_Z_AT_REST);
  }

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
      raise: (above) => {
        this.pane.style.zIndex = String(above ? PICKER_PANE_Z_RAISED : PICKER_PANE_Z_AT_REST);
      },
    });
    marker = createDomMarker([item.lat, item.lng], button.element, PICKER_GEOMETRY, PICKER_PANE);
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
    this.pane.style.zIndex = String(PICKER_PANE_Z_AT_REST);
  }

  private draw(marker: L.Marker, { lat, lng }: LatLng): void {
    moveDomMarker(marker, lat, nearestCopyLng(lng, this.map.getCenter().lng));
  }
}
