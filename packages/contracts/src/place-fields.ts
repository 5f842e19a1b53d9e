import type { z } from 'zod';
import type { PlaceInputFields } from './place-writes.ts';

/**
 * A place's fields that people write: what a proposal or an edit sends (`PlaceInput`) and an import
 * sets (with `primaryLanguage`, which the server picks for a proposal). The one list the form
 * values, the review diff, the import's columns and value maps and the export's columns are
 * derived from or checked against, so a field added here and forgotten in one of them fails the
 * type check. Adding a field: see "Adding a place field" in the README.
 */
export const PLACE_FIELDS = [
  'categoryId',
  'name',
  'description',
  'primaryLanguage',
  'lat',
  'lng',
  'radius',
  'locationPrivacy',
  'address',
  'phone',
  'email',
  'website',
  'openingHours',
] as const;
export type PlaceField = (typeof PLACE_FIELDS)[number];

/** The fields a person writes per language (`name_hr` in a file, `name.hr` in a path). */
export const PER_LANGUAGE_FIELDS = ['name', 'description'] as const satisfies readonly PlaceField[];

/**
 * `fields` when it names every place field (in the order its user wants); otherwise the type
 * check fails, naming the fields it misses.
 */
export function everyPlaceField<const T extends readonly PlaceField[]>(
  fields: T &
    ([Exclude<PlaceField, T[number]>] extends [never]
      ? unknown
      : { missing: Exclude<PlaceField, T[number]> }),
): T {
  return fields;
}

/**
 * How each field is written in a place file (GeoJSON properties, CSV columns): its own name, the
 * category by slug, one column per language, or the position (CSV `lat`/`lng`, the GeoJSON Point).
 */
export const PLACE_FILE_FIELDS = {
  categoryId: 'category',
  name: 'per-language',
  description: 'per-language',
  primaryLanguage: 'primaryLanguage',
  lat: 'lat',
  lng: 'lng',
  radius: 'radius',
  locationPrivacy: 'locationPrivacy',
  address: 'address',
  phone: 'phone',
  email: 'email',
  website: 'website',
  // The OpenStreetMap key, so files round-trip with OSM tools.
  openingHours: 'opening_hours',
} as const satisfies Record<PlaceField, string>;

/** `A` and `B` are the same set of names. */
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * A proposal's fields are the place fields but `primaryLanguage`, and `extra`, the values of the
 * category's own fields, whose keys each category defines (files carry them as `x_<key>` columns
 * and GeoJSON `properties.extra`): if the contract gains a field that is not listed above (or
 * loses one), this line fails the type check.
 */
export const PROPOSAL_HAS_EVERY_FIELD: SameKeys<
  Exclude<keyof z.input<typeof PlaceInputFields>, 'extra'>,
  Exclude<PlaceField, 'primaryLanguage'>
> = true;
