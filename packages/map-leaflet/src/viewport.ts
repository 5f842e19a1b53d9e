import { type Bounds, type LatLng, normalizeBounds, normalizeCenter, type Viewport } from '@karta/map-core';
import L from 'leaflet';

/** What the map shows, in the engine-neutral form (wrapped longitudes, clamped latitudes). */
export function readViewport(map: L.Map): Viewport {
  const box = map.getBounds();
  return {
    center: normalizeCenter(map.getCenter()),
    zoom: map.getZoom(),
    bounds: normalizeBounds({
      west: box.getWest(),
      south: box.getSouth(),
      east: box.getEast(),
      north: box.getNorth(),
    }),
  };
}

/** Room left around a fitted box, so the places at its edge are not under the map's edge. */
const FIT_PADDING: L.PointTuple = [24, 24];

/** Shows `bounds` as closely as possible but never beyond `maxZoom`; a single point at `maxZoom`. */
export function fitBounds(map: L.Map, bounds: Bounds, maxZoom: number): void {
  // A box across the antimeridian is drawn with its east edge past 180° so Leaflet fits the short way.
  const east = bounds.west > bounds.east ? bounds.east + 360 : bounds.east;
  if (bounds.west === east && bounds.south === bounds.north) {
    map.setView(toLatLng({ lat: bounds.south, lng: bounds.west }), maxZoom);
    return;
  }
  map.fitBounds(L.latLngBounds([bounds.south, bounds.west], [bounds.north, east]), {
    maxZoom,
    padding: FIT_PADDING,
  });
}

function toLatLng(position: LatLng): L.LatLngTuple {
  return [position.lat, position.lng];
}
