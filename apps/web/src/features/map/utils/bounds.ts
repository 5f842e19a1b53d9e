import type { Bounds, LatLng } from '@karta/map-core';

/** Whether a point lies in a box (boxes crossing the antimeridian included). */
export function boundsContain(bounds: Bounds, { lat, lng }: LatLng): boolean {
  if (lat < bounds.south || lat > bounds.north) return false;
  return bounds.west <= bounds.east
    ? lng >= bounds.west && lng <= bounds.east
    : lng >= bounds.west || lng <= bounds.east;
}

/** The places in a box, in their order. */
export function placesInBox<T extends LatLng>(places: readonly T[], bounds: Bounds): T[] {
  return places.filter((place) => boundsContain(bounds, place));
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
