import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` column (category ids, versions). */
export const INT32_MAX = 2_147_483_647;

/** An id or version held in an `integer` column: 2 147 483 648 would fail in the database, not here. */
export const Int32Id = z.number().int().min(1).max(INT32_MAX);

/** An id held in a `bigint` column, as far as JSON numbers stay exact (2^53 − 1). */
export const BigId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/**
 * Decimals every coordinate a client sends is rounded to: 1e-7° is about 1 cm, finer than any
 * phone or survey a contributor works from. Rounding is what keeps PostgreSQL from failing:
 * its float arithmetic raises "value out of range: underflow" when a product of non-zero numbers
 * comes out as zero, so `near=5e-324,0` (a denormal) crashed `radians(…)` in the distance query,
 * and a difference of two arbitrary tiny coordinates can do the same in `power(…, 2)`. Rounded
 * coordinates are 0 or at least 1e-7 apart, far from underflow. It also makes an export (written
 * with the same decimals) re-import as exactly what is stored.
 */
export const COORDINATE_DECIMALS = 7;
const SCALE = 10 ** COORDINATE_DECIMALS;

/** `value` rounded to {@link COORDINATE_DECIMALS} decimals; -0 becomes 0. */
export function roundCoordinate(value: number): number {
  return Math.round(value * SCALE) / SCALE + 0;
}

/**
 * `value` rounded to {@link COORDINATE_DECIMALS} decimals away from the inside of a box: `down` for
 * its west and south edges, `up` for east and north, so the box still holds every place it held
 * (a cluster's bounds are its places' own coordinates, which may have more decimals).
 */
export function roundCoordinateOutward(value: number, direction: 'down' | 'up'): number {
  // The nearest value first: one that already has at most 7 decimals stays as it is (its float
  // noise in `value * SCALE` would otherwise push it a step out), unless that moves the edge inward.
  const nearest = roundCoordinate(value);
  if (direction === 'down' ? nearest <= value : nearest >= value) return nearest;
  const scaled = value * SCALE;
  return (direction === 'down' ? Math.floor(scaled) : Math.ceil(scaled)) / SCALE + 0;
}

/** A latitude a client sends: finite (zod 4 numbers are), in range, rounded. */
export const InputLatitude = z.number().min(-90).max(90).overwrite(roundCoordinate);
/** A longitude a client sends: finite, in range, rounded. */
export const InputLongitude = z.number().min(-180).max(180).overwrite(roundCoordinate);
