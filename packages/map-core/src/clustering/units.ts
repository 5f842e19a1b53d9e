/**
 * Integer world coordinates: Web Mercator with 2^26 units per side of the world, one unit per
 * screen pixel at zoom 18. Sums of unit coordinates are exact integers in a double (up to 2^27
 * places), so a cluster's centre never depends on the order its places were added in; and a
 * Morton (Z-order) code of two 26-bit coordinates has 52 bits, an exact integer in a double too.
 */
import { latToUnitY, lngToUnitX, TILE_SIZE } from '../mercator.ts';

/** Bits per coordinate. */
export const UNIT_BITS = 26;

/** Units per side of the world. */
export const WORLD_UNITS = 2 ** UNIT_BITS;

/** The zoom at which one unit is one screen pixel. */
export const UNIT_ZOOM = UNIT_BITS - Math.log2(TILE_SIZE);

/** A longitude to its unit column, 0…2^26 − 1 (180° itself is the last column). */
export function unitX(lng: number): number {
  return Math.min(WORLD_UNITS - 1, Math.max(0, Math.floor(lngToUnitX(lng) * WORLD_UNITS)));
}

/** A latitude to its unit row from the north, 0…2^26 − 1 (clamped to the square world). */
export function unitY(lat: number): number {
  return Math.min(WORLD_UNITS - 1, Math.max(0, Math.floor(latToUnitY(lat) * WORLD_UNITS)));
}

/** The low 13 bits of `v` spread to the even bits of a 26-bit number. */
function spread13(v: number): number {
  let s = v & 0x1fff;
  s = (s | (s << 8)) & 0x00ff00ff;
  s = (s | (s << 4)) & 0x0f0f0f0f;
  s = (s | (s << 2)) & 0x33333333;
  return (s | (s << 1)) & 0x55555555;
}

/** The high half (bits 26…51) of the Morton code of two 26-bit coordinates. */
export function mortonHigh(x: number, y: number): number {
  return spread13(x >>> 13) | (spread13(y >>> 13) << 1);
}

/** The low half (bits 0…25) of the Morton code of two 26-bit coordinates. */
export function mortonLow(x: number, y: number): number {
  return spread13(x) | (spread13(y) << 1);
}

/**
 * The Morton code of `x` and `y` (each below 2^26): x's bits at the even places, y's at the odd
 * ones, so the cells of every quadtree level are contiguous ranges of codes.
 */
export function morton(x: number, y: number): number {
  return mortonHigh(x, y) * WORLD_UNITS + mortonLow(x, y);
}
