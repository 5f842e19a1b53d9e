import type { Bounds, LatLng } from '@karta/map-core';

/** Whether a point lies in a box (boxes crossing the antimeridian included). */
export function boundsContain(bounds: Bounds, { lat, lng }: LatLng): boolean {
  if (lat < bounds.south || lat > bounds.north) return false;
  return bounds.west <= bounds.east
    ? lng >= bounds.west && lng <= bounds.east
    : lng >= bounds.west || lng <= bounds.east;
}

/**
 * A box grown by `fraction` of its size on each side, and by at least `minDegrees`: a cluster of
 * co-located places has a box of zero size, which would match nothing after rounding.
 */
export function padBounds(bounds: Bounds, fraction = 0.1, minDegrees = 0.0002): Bounds {
  const latPad = Math.max((bounds.north - bounds.south) * fraction, minDegrees);
  const width = bounds.west <= bounds.east ? bounds.east - bounds.west : 360 - bounds.west + bounds.east;
  const lngPad = Math.max(width * fraction, minDegrees);
  return {
    west: Math.max(-180, bounds.west - lngPad),
    south: Math.max(-90, bounds.south - latPad),
    east: Math.min(180, bounds.east + lngPad),
    north: Math.min(90, bounds.north + latPad),
  };
}

function wrapLongitude(lng: number): number {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  // Keep +180 as +180 rather than wrapping it to -180, so [.., 180] boxes stay whole.
  return wrapped === -180 && lng > 0 ? 180 : wrapped;
}

/**
 * A map engine's view box in the API's ranges: a view wider than the world becomes the whole
 * world, longitudes past ±180 wrap (a box across the antimeridian then has `west > east`),
 * latitudes are clamped.
 */
export function normalizeBounds(bounds: Bounds): Bounds {
  const south = Math.max(-90, Math.min(90, bounds.south));
  const north = Math.max(-90, Math.min(90, bounds.north));
  if (bounds.east - bounds.west >= 360) return { west: -180, south, east: 180, north };
  return { west: wrapLongitude(bounds.west), south, east: wrapLongitude(bounds.east), north };
}
