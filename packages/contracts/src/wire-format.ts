import type { Bounds, LatLng } from './primitives.ts';

// What a request writes on the wire: plain arithmetic, no zod, so the browser's first requests
// (wire.ts) do not wait for the schemas. numbers.ts and query-params.ts re-export it beside the
// schemas that read it back.

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

/** A box as the server reads it back: rounded outward, so a place on its edge stays inside. */
export const formatBbox = (b: Bounds): string =>
  [
    roundCoordinateOutward(b.west, 'down'),
    roundCoordinateOutward(b.south, 'down'),
    roundCoordinateOutward(b.east, 'up'),
    roundCoordinateOutward(b.north, 'up'),
  ].join(',');

/** `lat,lng` in degrees (rounded like every coordinate a client sends). */
export const formatLatLng = (p: LatLng): string => `${round6(p.lat)},${round6(p.lng)}`;

/** Comma-separated category slugs. */
export const formatSlugList = (slugs: readonly string[]): string => slugs.join(',');

function round6(n: number): string {
  return String(Math.round(n * 1e6) / 1e6);
}

/**
 * One field's filter as the query string gives it: `f.<key>=a` (repeated, or `a,b`: any of them),
 * `f.<key>.min=` and `f.<key>.max=` (numbers and dates, inclusive). Raw text: what it means
 * depends on the field's type, which `typedFilters` reads from the categories' definitions.
 */
export interface FieldFilterParam {
  key: string;
  values: string[];
  min?: string;
  max?: string;
}

/** Writes filters back as their query parameters (`f.<key>` joined with commas, `.min`, `.max`). */
export function formatFieldFilters(filters: readonly FieldFilterParam[]): Record<string, string> {
  const wire: Record<string, string> = {};
  for (const filter of filters) {
    if (filter.values.length > 0) wire[`f.${filter.key}`] = filter.values.join(',');
    if (filter.min !== undefined) wire[`f.${filter.key}.min`] = filter.min;
    if (filter.max !== undefined) wire[`f.${filter.key}.max`] = filter.max;
  }
  return wire;
}
