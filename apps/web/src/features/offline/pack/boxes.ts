import type { Bounds, LatLng } from '@karta/contracts';

/** Whether a point lies in a box, edges included; `west > east` crosses the antimeridian (as the API's bbox). */
export function inBox(box: Bounds, point: LatLng): boolean {
  if (point.lat < box.south || point.lat > box.north) return false;
  return box.west <= box.east
    ? point.lng >= box.west && point.lng <= box.east
    : point.lng >= box.west || point.lng <= box.east;
}
