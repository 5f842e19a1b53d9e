import { type LatLng, PICKER_GEOMETRY, PickerButton, type PickerItem } from '@karta/map-core';
import { DomMarkers } from './dom-marker.ts';

const PICKER_ID = 'picker';

/** The draggable position picker: the shared button in its own overlay, above the place markers. */
export class PickerLayer {
  private button: PickerButton | null = null;
  private readonly boxes: DomMarkers<string>;

  constructor(
    maps: typeof google.maps,
    private readonly map: google.maps.Map,
    private readonly onMove: (position: LatLng) => void,
  ) {
    // Created after the marker layer, so its overlay lies above theirs in the same pane.
    this.boxes = new DomMarkers(maps, map, 'karta-google-picker');
  }

  set(item: PickerItem | null): void {
    if (!item) {
      this.boxes.remove(PICKER_ID);
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
    });
    this.boxes.add(PICKER_ID, this.button.element, item, PICKER_GEOMETRY);
  }

  clear(): void {
    this.button = null;
    this.boxes.destroy();
  }
}
