import type { LatLng, PlaceStatus } from '@karta/contracts';

/** Mean Earth radius in metres (IUGG), as used by the haversine formula. */
export const EARTH_RADIUS_M = 6_371_008.8;

/** SQL text with numbered parameters, built piece by piece. */
export class Sql {
  readonly params: unknown[] = [];
  readonly param = (value: unknown, cast: string): string => {
    this.params.push(value);
    return `$${this.params.length}::${cast}`;
  };
}

/** Metres per degree along a great circle, on the sphere of {@link EARTH_RADIUS_M}. */
const METRES_PER_DEGREE = (EARTH_RADIUS_M * Math.PI) / 180;

/** A box as `[west, south, east, north]`, west ≤ east. */
export type Box = [number, number, number, number];

/**
 * Boxes (never crossing the antimeridian) that together hold every point within `radius` metres
 * of `centre` on the sphere: the GiST prefilter before the exact haversine check. A circle over a
 * pole gets the full width; one across the antimeridian, a box on each side.
 */
export function circleBoxes(centre: LatLng, radius: number): Box[] {
  // A hair wider than the exact extent, so rounding never drops a point on the edge.
  const dLat = (radius / METRES_PER_DEGREE) * 1.000001 + 1e-9;
  const south = Math.max(-90, centre.lat - dLat);
  const north = Math.min(90, centre.lat + dLat);
  if (centre.lat + dLat >= 90 || centre.lat - dLat <= -90) return [[-180, south, 180, north]];
  // The widest longitude span of a spherical cap: asin(sin r / cos φ).
  const ratio = Math.sin(radius / EARTH_RADIUS_M) / Math.cos((centre.lat * Math.PI) / 180);
  const dLng = ratio >= 1 ? 180 : ((Math.asin(ratio) * 180) / Math.PI) * 1.000001 + 1e-9;
  if (dLng >= 180) return [[-180, south, 180, north]];
  const west = centre.lng - dLng;
  const east = centre.lng + dLng;
  if (west < -180) {
    return [
      [west + 360, south, 180, north],
      [-180, south, east, north],
    ];
  }
  if (east > 180) {
    return [
      [west, south, 180, north],
      [-180, south, east - 360, north],
    ];
  }
  return [[west, south, east, north]];
}

/** Haversine metres from the row's public position to a point (never from the exact position). */
export function distanceSql(point: LatLng, param: Sql['param']): string {
  const lat = param(point.lat, 'float8');
  const lng = param(point.lng, 'float8');
  // least(1, …) keeps asin defined when rounding nudges the argument past 1.
  return `(2 * ${EARTH_RADIUS_M} * asin(least(1, sqrt(
    power(sin(radians(p.public_lat - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(p.public_lat)) * power(sin(radians(p.public_lng - ${lng}) / 2), 2)))))`;
}

/** The row's distance from `origin` as distanceSql gives it, or NULL when there is no origin. */
export function distanceOrNullSql(origin: LatLng | undefined, param: Sql['param']): string {
  return origin ? distanceSql(origin, param) : 'NULL::float8';
}

/** Whether the row's public position is in one of the boxes (GiST on `location`). */
export function inBoxesSql(boxes: readonly Box[], param: Sql['param']): string {
  const parts = boxes.map(
    ([west, south, east, north]) =>
      `p.location <@ box(point(${param(west, 'float8')}, ${param(south, 'float8')}), point(${param(east, 'float8')}, ${param(north, 'float8')}))`,
  );
  return parts.length === 1 ? (parts[0] as string) : `(${parts.join(' OR ')})`;
}

/** Rows after the cursor's row in the order of `keys` (lexicographic, each ascending or not). */
export function afterSql(keys: readonly { column: string; value: string; descending?: boolean }[]): string {
  const [first, ...rest] = keys;
  if (!first) return 'TRUE';
  const beyond = `${first.column} ${first.descending ? '<' : '>'} ${first.value}`;
  return rest.length === 0
    ? beyond
    : `(${beyond} OR (${first.column} = ${first.value} AND ${afterSql(rest)}))`;
}

/**
 * The status filter; published alone as a literal, so the partial indexes of published places
 * apply, and any other single status as an equality, so the (status, id) index gives id order.
 */
export function statusSql(statuses: readonly PlaceStatus[], param: Sql['param']): string {
  const [only] = statuses;
  if (statuses.length === 1 && only === 'published') return `p.status = 'published'`;
  if (statuses.length === 1) return `p.status = ${param(only, 'text')}`;
  return `p.status = ANY(${param(statuses, 'text[]')})`;
}
