import {
  type Bounds,
  type LatLng,
  normalizeBounds,
  normalizeCenter,
  offsetByPixels,
  type Viewport,
  worldSize,
} from '@karta/map-core';

/**
 * What the map shows, in the engine-neutral form. Google knows its bounds only after its first
 * render; until then they are worked out from the centre, zoom and the container's size (the same
 * Web-Mercator maths, so both agree).
 */
export function readViewport(map: google.maps.Map): Viewport {
  const center = normalizeCenter(toLiteral(map.getCenter()));
  const zoom = map.getZoom() ?? 0;
  const div = map.getDiv();
  const box = map.getBounds();
  let bounds: Bounds;
  if (box) {
    const sw = box.getSouthWest();
    const ne = box.getNorthEast();
    bounds = { west: sw.lng(), south: sw.lat(), east: ne.lng(), north: ne.lat() };
  } else {
    const northWest = offsetByPixels(center, -div.clientWidth / 2, -div.clientHeight / 2, zoom);
    const southEast = offsetByPixels(center, div.clientWidth / 2, div.clientHeight / 2, zoom);
    bounds = { west: northWest.lng, south: southEast.lat, east: southEast.lng, north: northWest.lat };
  }
  // A view wider than the world shows all of it, which wrapped longitudes cannot say.
  if (div.clientWidth >= worldSize(zoom)) bounds = { ...bounds, west: -180, east: 180 };
  return { center, zoom, bounds: normalizeBounds(bounds) };
}

/** Room left around a fitted box, so the places at its edge are not under the map's edge. */
const FIT_PADDING = 24;

/** Shows `bounds` as closely as possible but never beyond `maxZoom`; a single point at `maxZoom`. */
export function fitBounds(
  maps: typeof google.maps,
  map: google.maps.Map,
  bounds: Bounds,
  maxZoom: number,
): void {
  if (bounds.west === bounds.east && bounds.south === bounds.north) {
    map.setCenter({ lat: bounds.south, lng: bounds.west });
    map.setZoom(maxZoom);
    return;
  }
  // Google reads a box whose west is east of its east as crossing the antimeridian, as we do.
  const box = new maps.LatLngBounds(
    { lat: bounds.south, lng: bounds.west },
    { lat: bounds.north, lng: bounds.east },
  );
  // The map's own maxZoom option caps the fit.
  map.fitBounds(box, FIT_PADDING);
}

/** Two viewports show the same thing (Google may report one view twice). */
export function sameViewport(a: Viewport | null, b: Viewport): boolean {
  return (
    a !== null &&
    a.zoom === b.zoom &&
    a.center.lat === b.center.lat &&
    a.center.lng === b.center.lng &&
    a.bounds.west === b.bounds.west &&
    a.bounds.south === b.bounds.south &&
    a.bounds.east === b.bounds.east &&
    a.bounds.north === b.bounds.north
  );
}

function toLiteral(position: google.maps.LatLng | undefined): LatLng {
  return position ? { lat: position.lat(), lng: position.lng() } : { lat: 0, lng: 0 };
}
