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
