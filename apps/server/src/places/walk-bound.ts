import type { LatLng } from '@karta/contracts';
import { type Box, EARTH_RADIUS_M } from './place-sql.ts';

/**
 * A part of a nearest-first walk: one box (never wider than 360°) walked from an origin whose
 * longitude is shifted by 0 or ±360° so that every point of the box is within 180° of it. The
 * GiST `<->` of two points is their planar distance in degrees, which with this shift is never
 * larger than the true longitude difference would make it.
 */
export interface WalkPart {
  box: Box;
  /** The origin with its longitude shifted next to the box (the latitude is the origin's). */
  from: LatLng;
}

/**
 * Splits `boxes` into walk parts from `origin`: each box is cut at the meridians 180° east and west
 * of the origin, and each piece gets the origin shifted by the multiple of 360° that keeps its
 * longitudes within 180° of it (a point across the antimeridian is near in metres but 360° away
 * in planar degrees).
 */
export function walkParts(boxes: readonly Box[], origin: LatLng): WalkPart[] {
  const parts: WalkPart[] = [];
  for (const [west, south, east, north] of boxes) {
    for (const shift of [-360, 0, 360]) {
      const from = origin.lng + shift;
      const w = Math.max(west, from - 180);
      const e = Math.min(east, from + 180);
      // Pieces meet at one meridian; the shift 0 keeps it (either would be right).
      if (w < e || (w === e && shift === 0))
        parts.push({ box: [w, south, e, north], from: { lat: origin.lat, lng: from } });
    }
  }
  return parts;
}

const RAD = Math.PI / 180;

/**
 * A lower bound, in metres, of the haversine distance from `part.from` to any point of `part.box`
 * whose planar distance from it (GiST `<->`, degrees) is at least `planar`. A walk in planar order
 * that has passed `planar` has therefore seen every point of the box nearer than this bound, so
 * those are in their exact haversine order; points beyond it may still come.
 *
 * With a = |Δlat|, b = |Δlng| in radians (b ≤ π by the shift) and a² + b² ≥ planar²:
 * - inside a box whose latitudes have cos ≥ c, hav θ ≥ sin²(a/2) + cos φ₀·c·sin²(b/2), and
 *   sin(x/2) ≥ (x/2)·sinc(X/2) for x ≤ X: θ ≥ 2·asin(√M·planar/2), M the smaller factor;
 * - anywhere, θ ≥ a; and when a < k·planar, b ≥ √(1−k²)·planar while |lat| < |φ₀| + k·planar,
 *   which bounds cos lat from below even in a box reaching a pole (k tried on a grid).
 * The larger of the bounds is kept.
 */
export function unseenDistanceBound(part: WalkPart, planar: number): number {
  if (!(planar > 0)) return 0;
  const [west, south, east, north] = part.box;
  const p = planar * RAD;
  const lat0 = part.from.lat * RAD;
  const cos0 = Math.max(0, Math.cos(lat0));
  const boxCos = Math.max(0, Math.min(Math.cos(south * RAD), Math.cos(north * RAD)));
  const latSpan = Math.min(
    Math.PI,
    Math.max(Math.abs(north - part.from.lat), Math.abs(part.from.lat - south)) * RAD,
  );
  const lngSpan = Math.min(
    Math.PI,
    Math.max(Math.abs(east - part.from.lng), Math.abs(part.from.lng - west)) * RAD,
  );
  const sinc = (x: number) => (x < 1e-12 ? 1 : Math.sin(x) / x);
  const m = Math.min(sinc(latSpan / 2) ** 2, cos0 * boxCos * sinc(lngSpan / 2) ** 2);
  let theta = 2 * Math.asin(Math.min(1, (Math.sqrt(m) * p) / 2));
  for (let k = 0.05; k < 1; k += 0.05) {
    const latLimit = Math.min(Math.PI / 2, Math.abs(lat0) + k * p);
    const cosLat = Math.max(boxCos, Math.cos(latLimit));
    const half = Math.min(Math.PI / 2, (Math.sqrt(1 - k * k) * p) / 2);
    const byLng = 2 * Math.asin(Math.min(1, Math.sqrt(cos0 * cosLat) * Math.sin(half)));
    theta = Math.max(theta, Math.min(k * p, byLng));
  }
  // A hair under, so floating-point rounding in SQL never makes an unseen point look nearer.
  return theta * EARTH_RADIUS_M * (1 - 1e-9);
}
