import type {
  CategoryField,
  PlaceField as ContractField,
  Extra,
  ExtraValue,
  LocationPrivacy,
  OwnPlace,
  Place,
  PlaceInput,
  PlacePatch,
} from '@karta/contracts';
import type { z } from 'zod';

/** A language a place is written in: one of the deployment's (`languages` of the runtime config). */
export type PlaceLanguage = string;

/** Every field of the form, named by its path in the API (so the server's `details` land on it). */
export type PlaceField =
  | 'categoryId'
  | `name.${PlaceLanguage}`
  | `description.${PlaceLanguage}`
  | 'lat'
  | 'lng'
  | 'radius'
  | 'address'
  | 'phone'
  | 'email'
  | 'website'
  | 'openingHours'
  | 'locationPrivacy'
  /** A value of the category's own fields, by key (`extra.indoor`), as the server's details name it. */
  | `extra.${string}`;

/**
 * What the form holds: text as typed, so a half-typed number is kept as the user left it. Every
 * place field of the contracts but `primaryLanguage` (the server picks it), so a form value built
 * without a new field fails the type check.
 */
export interface PlaceFormValues extends Record<Exclude<ContractField, 'primaryLanguage'>, unknown> {
  categoryId: string;
  name: Record<PlaceLanguage, string>;
  description: Record<PlaceLanguage, string>;
  lat: string;
  lng: string;
  radius: string;
  address: string;
  phone: string;
  email: string;
  website: string;
  /** OpenStreetMap's `opening_hours`, as typed. */
  openingHours: string;
  locationPrivacy: LocationPrivacy;
  /**
   * The values of the category's fields, by key, as the API takes them (a number as a number, yes
   * or no as a boolean); a field with no value has no key. Only the chosen category's keys: a
   * change of category drops the others ({@link extraForCategory}).
   */
  extra: Extra;
}

/** Text per language, one entry for each of the deployment's `languages` ('' where there is none). */
const perLanguage = (languages: readonly string[], record: Readonly<Record<string, string>> = {}) =>
  Object.fromEntries(languages.map((language) => [language, record[language] ?? '']));

/** The form's languages: those it holds fields for (the deployment's, in order). */
export const formLanguages = (values: PlaceFormValues): string[] => Object.keys(values.name);

export const emptyPlaceForm = (languages: readonly string[]): PlaceFormValues => ({
  categoryId: '',
  name: perLanguage(languages),
  description: perLanguage(languages),
  lat: '',
  lng: '',
  radius: '',
  address: '',
  phone: '',
  email: '',
  website: '',
  openingHours: '',
  locationPrivacy: 'exact',
  extra: {},
});

/** Six decimals (~10 cm) — what the coordinate fields show after a click or a drag. */
export function formatCoordinate(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

/** The form filled in from a place its author (or a moderator) is editing, in the deployment's `languages`. */
export function placeFormValues(place: Place | OwnPlace, languages: readonly string[]): PlaceFormValues {
  return {
    categoryId: String(place.categoryId),
    name: perLanguage(languages, place.name),
    description: perLanguage(languages, place.description),
    lat: formatCoordinate(place.lat),
    lng: formatCoordinate(place.lng),
    radius: place.radius === null ? '' : String(place.radius),
    address: place.address ?? '',
    phone: place.phone ?? '',
    email: place.email ?? '',
    website: place.website ?? '',
    openingHours: place.openingHours ?? '',
    locationPrivacy: place.locationPrivacy,
    // Absent in a place saved by the browser before fields existed.
    extra: { ...(place.extra ?? {}) },
  };
}

/** A category field's value as one line of text ('' for none): what a comparison of two forms reads. */
export function extraText(value: ExtraValue | undefined): string {
  if (value === undefined) return '';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** The value of one field, as text (a category field's through {@link extraText}). */
export function fieldValue(values: PlaceFormValues, field: PlaceField): string {
  const [group, key] = field.split('.') as [keyof PlaceFormValues, PlaceLanguage | undefined];
  if (group === 'extra') return extraText(values.extra?.[key as string]);
  const value = values[group];
  return typeof value === 'object' ? ((value as Record<string, string>)[key as string] ?? '') : value;
}

/**
 * The values a form keeps when its category becomes one with `fields`: those of keys the new
 * category also has (a key is one field with one type across the site). The others leave the
 * form; the server keeps a place's values of them out of sight rather than deleting them.
 */
export function extraForCategory(
  extra: Readonly<Extra>,
  fields: readonly Pick<CategoryField, 'key'>[],
): Extra {
  const keys = new Set(fields.map((field) => field.key));
  return Object.fromEntries(Object.entries(extra).filter(([key]) => keys.has(key)));
}

/**
 * `extra` as it is sent: text trimmed, empty values left out (an edit sends the whole of it, so a
 * value left out is cleared), keys in one order, so two forms with the same values send the same.
 */
export function extraInputOf(extra: Readonly<Extra>): Extra {
  const input: Extra = {};
  for (const key of Object.keys(extra).sort()) {
    const value = extra[key];
    const kept = typeof value === 'string' ? value.trim() : value;
    if (kept === undefined || kept === '' || (Array.isArray(kept) && kept.length === 0)) continue;
    input[key] = kept;
  }
  return input;
}

/** A number typed in a field, or null when it is not one. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '' || !/^[-+]?\d*\.?\d+(e[-+]?\d+)?$/i.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** The position the form holds, or null while it has none (or a half-typed one). */
export function formPosition(values: PlaceFormValues): { lat: number; lng: number } | null {
  const lat = parseNumber(values.lat);
  const lng = parseNumber(values.lng);
  if (lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

const nonEmpty = (record: Record<PlaceLanguage, string>) =>
  Object.fromEntries(
    Object.entries(record)
      .map(([language, text]) => [language, text.trim()])
      .filter(([, text]) => text !== ''),
  );

/** The proposal to send (call only once the form is valid). */
export function placeInputOf(values: PlaceFormValues): z.input<typeof PlaceInput> {
  const optional = (text: string) => (text.trim() === '' ? null : text.trim());
  const radius = parseNumber(values.radius);
  return {
    categoryId: Number(values.categoryId),
    name: nonEmpty(values.name),
    description: nonEmpty(values.description),
    lat: parseNumber(values.lat) ?? Number.NaN,
    lng: parseNumber(values.lng) ?? Number.NaN,
    radius,
    address: optional(values.address),
    phone: optional(values.phone),
    email: optional(values.email),
    website: optional(values.website),
    openingHours: optional(values.openingHours),
    locationPrivacy: values.locationPrivacy,
    // A draft kept before categories had fields holds none.
    extra: extraInputOf(values.extra ?? {}),
  };
}

/**
 * An edit: only the fields that differ from the place as loaded, with the version it was based on,
 * so an edit never writes back what someone else changed in a field this user did not touch.
 */
export function placePatchOf(
  values: PlaceFormValues,
  initial: PlaceFormValues,
  version: number,
): z.input<typeof PlacePatch> {
  const now = placeInputOf(values);
  const before = placeInputOf(initial);
  const patch: Record<string, unknown> = { version };
  for (const key of Object.keys(now) as (keyof typeof now)[]) {
    if (JSON.stringify(now[key]) !== JSON.stringify(before[key])) patch[key] = now[key];
  }
  // A language whose description was emptied is sent empty, so it is removed, not kept.
  if ('description' in patch) {
    patch.description = Object.fromEntries(
      formLanguages(values)
        .filter((l) => (values.description[l] ?? '').trim() !== '' || (initial.description[l] ?? '') !== '')
        .map((l) => [l, (values.description[l] ?? '').trim()]),
    );
  }
  return patch as z.input<typeof PlacePatch>;
}
