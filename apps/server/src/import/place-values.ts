import { type ImportRow, PLACE_FIELDS, type PlaceField } from '@karta/contracts';
import { sameJson } from '../places/same-json.ts';

/**
 * What an import sets on a place, in the API's terms (also the keys of its history entries): every
 * place field (`extends Record<PlaceField, …>`, so a value built here without a new field fails
 * the type check), with the types the database gives back.
 */
export interface Values extends Record<PlaceField, unknown> {
  categoryId: number;
  name: Record<string, string>;
  description: Record<string, string>;
  primaryLanguage: string;
  lat: number;
  lng: number;
  radius: number | null;
  locationPrivacy: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  openingHours: string | null;
}

/** Each field's column in `places` and its type in `jsonb_to_recordset`. */
const COLUMNS = {
  categoryId: ['category_id', 'int'],
  name: ['name', 'jsonb'],
  description: ['description', 'jsonb'],
  primaryLanguage: ['primary_language', 'text'],
  lat: ['lat', 'float8'],
  lng: ['lng', 'float8'],
  radius: ['radius', 'float8'],
  locationPrivacy: ['location_privacy', 'text'],
  address: ['address', 'text'],
  phone: ['phone', 'text'],
  email: ['email', 'text'],
  website: ['website', 'text'],
  openingHours: ['opening_hours', 'text'],
} as const satisfies Record<PlaceField, readonly [string, string]>;

const columnOf = (field: PlaceField) => COLUMNS[field][0];

/** The fields' columns, comma-separated, for SELECT and INSERT. */
export const FIELD_COLUMNS = PLACE_FIELDS.map(columnOf).join(', ');
/** The fields' columns with their types, for `jsonb_to_recordset(…) AS r(…)`. */
export const RECORD_COLUMNS = PLACE_FIELDS.map((field) => COLUMNS[field].join(' ')).join(', ');
/** `column = i.column` for every field, for an UPDATE from the input `i`. */
export const SET_COLUMNS = PLACE_FIELDS.map((field) => `${columnOf(field)} = i.${columnOf(field)}`).join(
  ', ',
);

/** A `places` row's values (the row read with FIELD_COLUMNS; each column has the type `Values` says). */
export const valuesOf = (row: Record<string, unknown>) =>
  Object.fromEntries(PLACE_FIELDS.map((field) => [field, row[columnOf(field)]])) as unknown as Values;

/** The values as a record of `places` columns, for `jsonb_to_recordset`. */
export const recordOf = (values: Values) =>
  Object.fromEntries(PLACE_FIELDS.map((field) => [columnOf(field), values[field]]));

/** What an imported row sets: its fields, with the defaults of a proposal where it is silent. */
export function rowValues(row: ImportRow, categoryId: number): Values {
  return {
    categoryId,
    name: row.name,
    description: row.description ?? {},
    primaryLanguage: row.primaryLanguage ?? Object.keys(row.name)[0] ?? 'en',
    lat: row.lat,
    lng: row.lng,
    radius: row.radius ?? null,
    locationPrivacy: row.locationPrivacy ?? 'exact',
    address: row.address ?? null,
    phone: row.phone ?? null,
    email: row.email ?? null,
    website: row.website ?? null,
    openingHours: row.openingHours ?? null,
  };
}

/** The fields `next` changes, with their values before and after (a history entry's `changes`). */
export function changesOf(
  before: Values | null,
  next: Values,
): Partial<Record<PlaceField, { from: unknown; to: unknown }>> {
  const changes: Partial<Record<PlaceField, { from: unknown; to: unknown }>> = {};
  for (const field of PLACE_FIELDS) {
    const from = before ? before[field] : null;
    if (before && sameJson(from, next[field])) continue;
    changes[field] = { from, to: next[field] };
  }
  return changes;
}
