import {
  type Bounds,
  CLUSTER_ICON_SIZES,
  type LatLng,
  MARKER_PIN_SIZE,
  project,
  unproject,
  worldSize,
} from '@karta/map-core';

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

/**
 * How far beyond the map's edge a place can lie and still show part of itself: a pin's body stands
 * above its point, a cluster's circle around its centre (the largest is 90 px across).
 */
export const DRAWN_BEYOND_EDGE_PX = Math.max(MARKER_PIN_SIZE.height, Math.max(...CLUSTER_ICON_SIZES) / 2);

/**
 * The box of what the map at `zoom` shows of `bounds`: grown on every side by the pixels a pin or
 * a cluster just outside can still show (the same on each side, so the box's centre stays). A pin
 * whose point lies just below the bottom edge, where an info window pans it, stays drawn.
 */
export function boundsWithEdges(bounds: Bounds, zoom: number): Bounds {
  const z = Math.round(zoom);
  const pixels = DRAWN_BEYOND_EDGE_PX;
  const northWest = project({ lat: bounds.north, lng: bounds.west }, z);
  const southEast = project({ lat: bounds.south, lng: bounds.east }, z);
  const width =
    bounds.west <= bounds.east ? southEast.x - northWest.x : worldSize(z) - northWest.x + southEast.x;
  const topLeft = unproject({ x: northWest.x - pixels, y: Math.max(0, northWest.y - pixels) }, z);
  const bottomRight = unproject(
    { x: southEast.x + pixels, y: Math.min(worldSize(z), southEast.y + pixels) },
    z,
  );
  // Grown past the whole world's width, it would wrap onto itself: the whole width instead.
  const whole = width + 2 * pixels >= worldSize(z);
  return {
    west: whole ? -180 : topLeft.lng,
    south: bottomRight.lat,
    east: whole ? 180 : bottomRight.lng,
    north: topLeft.lat,
  };
}
