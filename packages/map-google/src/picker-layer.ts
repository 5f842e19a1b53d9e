import { type LatLng, PICKER_GEOMETRY, PickerButton, type PickerItem } from '@karta/map-core';
import { DomMarkers } from './dom-marker.ts';

const PICKER_ID = 'picker';

/**
 * The picker layer's z-index at rest, among the layers of buttons in the mouse-target pane (the
 * clusters' and the markers' are at 0): under them, so it never covers a cluster's count or a place.
 */
export const PICKER_Z_AT_REST = -1;

/** While the user holds the picker or works it with the keyboard: over them (the info window's pane stays above). */
export const PICKER_Z_RAISED = 1;

/**
 * The draggable position picker: the shared button in its own overlay, under the clusters and
 * markers, lifted over them while the user moves it (see `PickerHost.raise`).
 */
export class PickerLayer {
  private button: PickerButton | null = null;
  private readonly boxes: DomMarkers<string>;

  constructor(
    maps: typeof google.maps,
    private readonly map: google.maps.Map,
    private readonly onMove: (position: LatLng) => void,
  ) {
    this.boxes = new DomMarkers(maps, map, 'karta-google-picker');
    this.boxes.stackAt(PICKER_Z_AT_REST);
  }

  set(item: PickerItem | null): void {
    if (!item) {
      this.boxes.remove(PICKER_ID);
      this.boxes.stackAt(PICKER_Z_AT_REST);
      this.button = null;
      return;
    }
    if (this.button) {
      if (this.button.update(item)) this.boxes.update(PICKER_ID, item, PICKER_GEOMETRY);
      return;
    }
    this.button = new PickerButton(item, {
      zoom: () => this.map.getZoom() ?? 0,
      draw: (position) => this.boxes.update(PICKER_ID, position, PICKER_GEOMETRY),
      report: this.onMove,
      raise: (above) => this.boxes.stackAt(above ? PICKER_Z_RAISED : PICKER_Z_AT_REST),
    });
    this.boxes.add(PICKER_ID, this.button.element, item, PICKER_GEOMETRY);
  }

  clear(): void {
    this.button = null;
    this.boxes.destroy();
  }
}
