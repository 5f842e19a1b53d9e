import type { Extra } from '@karta/contracts';
import type { Values } from './place-values.ts';

/**
 * A place as the import reads it: its fields' columns, its shown values (`extra`), and what
 * matching and keepPosition need.
 */
export interface CurrentRow extends Record<string, unknown> {
  id: number;
  version: number;
  external_id: string | null;
  category_id: number;
  extra: Extra;
  lat: number;
  lng: number;
  public_lat: number;
  public_lng: number;
  location_privacy: string;
}

/**
 * Two positions closer than this (degrees, about 0.1 m) are the same: files round coordinates
 * (Karta to 7 decimals, GDAL to 15 significant digits, many web tools to 6), and a rounding is
 * no move.
 */
export const SAME_POSITION_DEGREES = 1e-6;

const near = (a: number, b: number) => Math.abs(a - b) < SAME_POSITION_DEGREES;

/**
 * The values with the stored exact position kept when the file's is no move: the same position
 * once rounded, or, for a coarsened place whose privacy stays, its public point (which is what an
 * export holds; overwriting the exact position with the grid centre would lose it).
 */
export function keepPosition(existing: CurrentRow, values: Values): Values {
  const same = near(values.lat, existing.lat) && near(values.lng, existing.lng);
  const publicPoint =
    values.locationPrivacy === existing.location_privacy &&
    values.locationPrivacy !== 'exact' &&
    near(values.lat, existing.public_lat) &&
    near(values.lng, existing.public_lng);
  return same || publicPoint ? { ...values, lat: existing.lat, lng: existing.lng } : values;
}
