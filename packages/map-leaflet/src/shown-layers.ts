import type L from 'leaflet';
import { moveDomMarker } from './dom-marker.ts';
import { nearestCopyLng } from './world-copy.ts';

/**
 * Helpers for a layer that keeps what it shows in a `Map` by id, so showing a new set diffs
 * against the old one instead of redrawing (and keyboard focus stays on buttons that remain).
 */

/** Takes off the map, and forgets, every shown layer whose id is not among `items`. */
export function removeAbsent<Id, Entry>(
  shown: Map<Id, Entry>,
  items: readonly { id: Id }[],
  layerOf: (entry: Entry) => L.Layer,
): void {
  const wanted = new Set(items.map((item) => item.id));
  for (const [id, entry] of shown) {
    if (!wanted.has(id)) {
      layerOf(entry).remove();
      shown.delete(id);
    }
  }
}

/** Redraws each shown button on the world copy nearest `map`'s centre, after the map moved. */
export function followWorldCopy(
  map: L.Map,
  shown: Map<unknown, { item: { lat: number; lng: number }; marker: L.Marker }>,
): void {
  const centerLng = map.getCenter().lng;
  for (const { item, marker } of shown.values()) {
    moveDomMarker(marker, item.lat, nearestCopyLng(item.lng, centerLng));
  }
}

/** Takes every shown button off the map and forgets it. */
export function removeAll(shown: Map<unknown, { marker: L.Layer }>): void {
  for (const entry of shown.values()) entry.marker.remove();
  shown.clear();
}
