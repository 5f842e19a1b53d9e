import type { LatLng } from './lat-lng.ts';

/** Mean Earth radius in metres (IUGG), the server's EARTH_RADIUS_M. */
const EARTH_RADIUS_M = 6_371_008.8;
/** PostgreSQL's radians(): a multiplication by this same double. */
const RADIANS_PER_DEGREE = Math.PI / 180;

/**
 * Haversine metres from `origin` to a place's position, written as the server's distanceSql
 * (place-sql.ts) writes it, operation by operation, so both round alike (up to the last bit of
 * sin, cos and asin, which each C library and JavaScript engine compute on their own).
 */
export function distanceMetres(origin: LatLng, place: LatLng): number {
  const halfLat = Math.sin(((place.lat - origin.lat) * RADIANS_PER_DEGREE) / 2);
  const halfLng = Math.sin(((place.lng - origin.lng) * RADIANS_PER_DEGREE) / 2);
  const a =
    halfLat ** 2 +
    Math.cos(origin.lat * RADIANS_PER_DEGREE) * Math.cos(place.lat * RADIANS_PER_DEGREE) * halfLng ** 2;
  // min(1, …) keeps asin defined when rounding nudges the argument past 1.
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The order the server walks places in when it picks typo candidates: `location <-> origin`,
 * the flat distance in degrees between (lng, lat) points.
 */
export function degreesApart(origin: LatLng, place: LatLng): number {
  return Math.hypot(place.lng - origin.lng, place.lat - origin.lat);
}
