import type { Bounds, LatLng } from '@karta/contracts';

/** Whether a point lies in a box, edges included; `west > east` crosses the antimeridian (as the API's bbox). */
export function inBox(box: Bounds, point: LatLng): boolean {
  if (point.lat < box.south || point.lat > box.north) return false;
  return box.west <= box.east
    ? point.lng >= box.west && point.lng <= box.east
    : point.lng >= box.west || point.lng <= box.east;
}

/** The middle of a box, across the antimeridian too: where a list of a box measures from (the server's bboxCentre). */
export function bboxCentre(box: Bounds): LatLng {
  const width = box.west <= box.east ? box.east - box.west : box.east + 360 - box.west;
  let lng = box.west + width / 2;
  if (lng > 180) lng -= 360;
  return { lat: (box.south + box.north) / 2, lng };
}
