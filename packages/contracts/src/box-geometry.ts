import type { MapQuery } from './map.ts';
import type { PlaceListQuery } from './places.ts';
import type { Bounds, LatLng } from './primitives.ts';

/** Degrees of longitude a box spans, across the antimeridian too (`west > east`). */
export function bboxWidth(bbox: Bounds): number {
  return bbox.west <= bbox.east ? bbox.east - bbox.west : bbox.east + 360 - bbox.west;
}

/** The centre of a box, across the antimeridian when `west > east`. */
export function bboxCentre(bbox: Bounds): LatLng {
  let lng = bbox.west + bboxWidth(bbox) / 2;
  if (lng > 180) lng -= 360;
  return { lat: (bbox.south + bbox.north) / 2, lng };
}

/**
 * Where a list of places measures distances from, and so its order: `near`, `covers` or `origin`,
 * else the box's centre; none without any (id order). The server's list and the browser's saved
 * areas both order by it.
 */
export function listOrigin(
  query: Pick<PlaceListQuery, 'near' | 'covers' | 'origin' | 'bbox'>,
): LatLng | undefined {
  return query.near ?? query.covers ?? query.origin ?? (query.bbox ? bboxCentre(query.bbox) : undefined);
}

/** The box around `points` (west to east without crossing the antimeridian), or null when there are none. */
export function boxAround(points: readonly LatLng[]): Bounds | null {
  if (points.length === 0) return null;
  let west = Number.POSITIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  for (const { lat, lng } of points) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return { west, south, east, north };
}

/**
 * Whether a map query asks for a set of matches (a search, a circle, the places covering a spot)
 * rather than every published place: the server's map and the browser's saved areas both answer
 * such a query with the matches alone.
 */
export function mapAsksForMatches(query: Pick<MapQuery, 'q' | 'near' | 'covers'>): boolean {
  return query.q !== undefined || query.near !== undefined || query.covers !== undefined;
}
