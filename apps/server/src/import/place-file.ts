import {
  csvColumns,
  EXPORT_ONLY_COLUMNS,
  type FieldIssue,
  ImportRow,
  PLACE_FIELDS,
  PLACE_FILE_FIELDS,
  PLACE_FILE_SCALARS,
  type Place,
  unsupportedLanguageIssues,
} from '@karta/contracts';
import { fieldIssues } from '../http/errors.ts';

/** A place as a file holds it: flat fields (`name_hr`, `category`, …); the position aside. */
export type PlaceProperties = Record<string, string | number | null>;

/**
 * The stable external id a place without one gets on export: its link on this site
 * (`https://karta.example.org/places/12`). Importing it on the same site matches that place;
 * on another site it is just an external id, so two sites' places never collide.
 */
export function placeLink(origin: string, id: number): string {
  return `${origin}/places/${id}`;
}

/** The id of a place `placeLink` named on this site (`host` as in the Host header), or null. */
export function linkedPlaceId(externalId: string, host: string): number | null {
  const match = /^https?:\/\/([^/?#]+)\/places\/([1-9][0-9]{0,14})$/.exec(externalId);
  if (!match || match[1]?.toLowerCase() !== host.toLowerCase()) return null;
  return Number(match[2]);
}

/**
 * A place's file fields as a visitor sees it (the public position is the caller's): every
 * language it has unless `languages` limits them (CSV has one column per language it documents).
 */
export function placeProperties(
  place: Place,
  externalId: string,
  languages?: readonly string[],
): PlaceProperties {
  const properties: PlaceProperties = { externalId };
  // Every place field, as the file names it; the type check fails for a field Place lacks.
  for (const field of PLACE_FIELDS) {
    if (field === 'lat' || field === 'lng') continue;
    if (field === 'name' || field === 'description') {
      const texts = place[field];
      for (const language of languages ?? Object.keys(texts)) {
        properties[`${field}_${language}`] = texts[language] ?? null;
      }
    } else if (field === 'categoryId') {
      properties[PLACE_FILE_FIELDS.categoryId] = place.category;
    } else {
      properties[PLACE_FILE_FIELDS[field]] = place[field];
    }
  }
  for (const [field, value] of Object.entries(properties)) {
    if (typeof value === 'string') properties[field] = encodeText(field, value);
  }
  return properties;
}

const SCALARS = new Set<string>(PLACE_FILE_SCALARS);
/**
 * The API's name of each file column that is named otherwise (`opening_hours`, OpenStreetMap's
 * key, is `openingHours`); the category's slug column keeps its own name (`category`).
 */
const FIELD_OF_COLUMN: Record<string, string> = Object.fromEntries(
  Object.entries(PLACE_FILE_FIELDS)
    .filter(([field, column]) => column !== field && column !== 'per-language' && field !== 'categoryId')
    .map(([field, column]) => [column, field]),
);
const COLUMN_OF_FIELD: Record<string, string> = Object.fromEntries(
  Object.entries(FIELD_OF_COLUMN).map(([column, field]) => [field, column]),
);
const EXPORT_ONLY = new Set<string>(EXPORT_ONLY_COLUMNS);
const NUMERIC = new Set(['lat', 'lng', 'radius']);
const LANGUAGE_FIELD = /^(name|description)_([a-z]{2})$/;

/**
 * Whether `field` is one a place file may carry (CSV refuses a header with any other); an
 * export's own columns (`photos`) are carried and ignored.
 */
export function isPlaceField(field: string): boolean {
  return SCALARS.has(field) || NUMERIC.has(field) || LANGUAGE_FIELD.test(field) || EXPORT_ONLY.has(field);
}

/** A CSV cell as the number it spells, or the text itself (the schema then says what is wrong). */
export function numberOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) ? Number(text) : value;
}

/** The file's name for a schema path (`name.hr` → `name_hr`), so errors point at a column. */
function filePath(path: string): string {
  const match = /^(name|description)\.([a-z]{2})$/.exec(path);
  return match ? `${match[1]}_${match[2]}` : (COLUMN_OF_FIELD[path] ?? path);
}

export type RowResult = { ok: true; value: ImportRow } | { ok: false; errors: FieldIssue[] };

/**
 * One file row (flat fields; empty and null values count as absent) validated with the rules of a
 * proposal. Unknown fields are ignored here: CSV refuses them in its header, and GeoJSON often
 * carries other tools' properties.
 */
export function parsePlaceRow(fields: Record<string, unknown>): RowResult {
  const input: Record<string, unknown> = {};
  const name: Record<string, unknown> = {};
  const description: Record<string, unknown> = {};
  for (const [field, raw] of Object.entries(fields)) {
    if (raw === null || raw === undefined || raw === '') continue;
    const language = LANGUAGE_FIELD.exec(field);
    const value = typeof raw === 'string' ? decodeText(field, raw) : raw;
    if (language) {
      (language[1] === 'name' ? name : description)[language[2] as string] = value;
    } else if (NUMERIC.has(field)) {
      input[field] = numberOf(value);
    } else if (SCALARS.has(field)) {
      input[FIELD_OF_COLUMN[field] ?? field] = value;
    }
  }
  input.name = name;
  if (Object.keys(description).length > 0) input.description = description;
  const result = ImportRow.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    errors: fieldIssues(result.error).map((issue) => ({ ...issue, path: filePath(issue.path) })),
  };
}

/**
 * A row's names and descriptions in languages the site does not offer (`LANGUAGES`), each at its
 * column (`name_de`): an import writes content in the site's languages only, as a proposal does.
 */
export function languageIssues(row: ImportRow, languages: readonly string[]): FieldIssue[] {
  return [
    ...unsupportedLanguageIssues(row.name, languages, 'name'),
    ...unsupportedLanguageIssues(row.description, languages, 'description'),
  ].map((issue) => ({ ...issue, path: filePath(issue.path) }));
}

/**
 * Text a file writer guards with a leading `'`: what a spreadsheet would run as a formula (`=`, `+`,
 * `-`, `@`, tab, CR: OWASP's CSV-injection advice), and `'` itself, so text that really starts with
 * `'=` or `''` comes back as it was (import removes exactly one `'`, and only before these).
 */
const GUARDED_START = /^[=+\-@\t\r']/;
/**
 * Free-text columns, which may start like a formula. Numbers are numbers, and a phone number
 * (digits, spaces and `+()./-` only) cannot call anything, so `+385 …` stays as it is.
 */
const FREE_TEXT_COLUMNS = new Set<string>(
  csvColumns([]).filter((column) => !['lat', 'lng', 'radius', 'phone'].includes(column)),
);

/** Whether a file field holds free text (also `name_xx` and `description_xx` of any language). */
const isFreeText = (field: string) => FREE_TEXT_COLUMNS.has(field) || LANGUAGE_FIELD.test(field);

/** Karta's line break is LF: CRLF and lone CR (GDAL's CSV writer drops the CR of CRLF anyway). */
const withLf = (text: string) => text.replace(/\r\n?/g, '\n');

/** A text as both file formats write it: LF line breaks, and the formula guard (see GUARDED_START). */
export function encodeText(field: string, value: string): string {
  return isFreeText(field) ? guardText(value) : value;
}

/** The inverse of `encodeText`, for both formats: one guarding `'` off, line breaks as LF. */
export function decodeText(field: string, value: string): string {
  return isFreeText(field) ? unguardText(value) : value;
}

/** Free text as a file writes it, whatever its column: LF line breaks and the formula guard. */
export function guardText(value: string): string {
  const text = withLf(value);
  return GUARDED_START.test(text) ? `'${text}` : text;
}

/** The inverse of `guardText`: one guarding `'` off, line breaks as LF. */
export function unguardText(value: string): string {
  const text = value.startsWith("'") && GUARDED_START.test(value.slice(1)) ? value.slice(1) : value;
  return withLf(text);
}

/**
 * A coordinate as files carry it: 7 decimals (about 1 cm), so the float noise of a computed grid
 * centre (`45.804500000000004`) never reaches a file and a tool's re-write reads back the same.
 */
export const fileCoordinate = (value: number) => Math.round(value * 1e7) / 1e7;
