import {
  createMarkerButton,
  type MapEvents,
  type MarkerItem,
  markerGeometry,
  updateMarkerButton,
} from '@karta/map-core';
import { DomMarkers } from './dom-marker.ts';
import { removeAbsent } from './shown-layers.ts';

interface ShownMarker {
  item: MarkerItem;
  button: HTMLButtonElement;
}

/** Raises the selected marker above its neighbours. */
const SELECTED_Z_OFFSET = 100_000;

/** The place marker buttons on the map, kept in step with the last list by place id. */
export class MarkerLayer {
  private readonly shown = new Map<number, ShownMarker>();
  private readonly boxes: DomMarkers<number>;

  constructor(
    maps: typeof google.maps,
    map: google.maps.Map,
    private readonly events: Pick<MapEvents, 'onMarkerClick'>,
  ) {
    this.boxes = new DomMarkers(maps, map, 'karta-google-markers');
  }

  /** Shows exactly `markers`: updates buttons it already has (keeping focus), adds and removes the rest. */
  set(markers: readonly MarkerItem[]): void {
    removeAbsent(this.shown, markers, this.boxes);
    for (const item of markers) {
      const entry = this.shown.get(item.id);
      if (entry) {
        entry.item = item;
        updateMarkerButton(entry.button, item);
        this.boxes.update(item.id, item, markerGeometry(item.approximate), zOffset(item));
      } else {
        this.add(item);
      }
    }
  }

  clear(): void {
    this.shown.clear();
    this.boxes.destroy();
  }

  private add(item: MarkerItem): void {
    const button = createMarkerButton(item);
    const entry: ShownMarker = { item, button };
    button.addEventListener('click', () => this.events.onMarkerClick(entry.item.id));
    this.shown.set(item.id, entry);
    this.boxes.add(item.id, button, item, markerGeometry(item.approximate), zOffset(item));
  }
}

function zOffset(item: MarkerItem): number {
  return item.selected ? SELECTED_Z_OFFSET : 0;
}
