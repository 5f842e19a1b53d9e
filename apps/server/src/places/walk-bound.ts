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

/** Sub-intervals of the latitude difference that the bound is taken over (tighter with more). */
const STEPS = 64;

const hav = (x: number) => Math.sin(x / 2) ** 2;

/**
 * A lower bound, in metres, of the haversine distance from `part.from` to any point of `part.box`
 * whose planar distance from it (GiST `<->`, degrees) is at least `planar`. A walk in planar order
 * that has passed `planar` has therefore seen every point of the box nearer than this bound, so
 * those are in their exact haversine order; points beyond it may still come. Infinity: no point of
 * the box is that far, so the walk has seen them all.
 *
 * With a = |Δlat| and b = |Δlng| in radians (b ≤ π by the shift, both within the box's spans) and
 * a² + b² ≥ planar²: hav θ = hav a + cos φ₀·cos φ·hav b, where cos φ ≥ cos(|φ₀| + a) and ≥ the
 * box's smallest cosine. For a given a the least b is √(planar² − a²). Over each of {@link STEPS}
 * sub-intervals [a₁, a₂] of the possible a below planar, hav a₁ + cos φ₀·cos(|φ₀| + a₂)·
 * hav √(planar² − a₂²) is below every value (each term is monotone in a); from a = planar on,
 * hav planar is. The least of them is a true lower bound, within a few percent of the truth.
 */
export function unseenDistanceBound(part: WalkPart, planar: number): number {
  const p = planar * RAD;
  // 0 is a lower bound of any distance, and the only safe one once planar² is so small (a planar
  // distance below about 1e-148°) that the rounding allowances below (1e-13·p²) underflow to 0.
  if (!(1e-13 * p * p > 0)) return 0;
  const [west, south, east, north] = part.box;
  const lat0 = Math.abs(part.from.lat * RAD);
  const cos0 = Math.max(0, Math.cos(lat0));
  const boxCos = Math.max(0, Math.min(Math.cos(south * RAD), Math.cos(north * RAD)));
  const latSpan = Math.min(Math.PI, Math.max(north - part.from.lat, part.from.lat - south, 0) * RAD);
  const lngSpan = Math.min(Math.PI, Math.max(east - part.from.lng, part.from.lng - west, 0) * RAD);
  // Below this latitude difference the longitude difference would have to exceed the box's.
  // (A point on the box's far corner is exactly that far: the subtraction's rounding, relative to
  // planar², must not rule it out.)
  const beyond = p * p - lngSpan * lngSpan;
  if (beyond > latSpan * latSpan + 1e-12 * p * p) return Number.POSITIVE_INFINITY;
  // Less that rounding: `planar` itself is rounded relative to its size, which can hide most of a
  // tiny a beside a large b (a point past the pole).
  const aMin = Math.sqrt(Math.max(0, Math.min(beyond, latSpan * latSpan) - 1e-13 * p * p));
  // From a = planar on, b may be 0 and hav θ ≥ hav a ≥ hav planar; below it, b must make up the rest.
  const aMax = Math.min(latSpan, p);
  let least = latSpan > p ? hav(p) : Number.POSITIVE_INFINITY;
  for (let step = 0; step < STEPS; step += 1) {
    const a1 = aMin + ((aMax - aMin) * step) / STEPS;
    const a2 = aMin + ((aMax - aMin) * (step + 1)) / STEPS;
    const cosLat = Math.max(boxCos, Math.cos(Math.min(Math.PI / 2, lat0 + a2)));
    const b = Math.sqrt(Math.max(0, p * p - a2 * a2));
    least = Math.min(least, hav(a1) + cos0 * cosLat * hav(b));
  }
  // A hair under (a millimetre a kilometre), so rounding here (√(planar² − lngSpan²) cancels near a
  // pole) or in SQL never makes an unseen point look nearer.
  return 2 * Math.asin(Math.min(1, Math.sqrt(least))) * EARTH_RADIUS_M * (1 - 1e-6);
}
