import {
  type CategoryField,
  type ExtraValue,
  extraColumn,
  extraColumnKey,
  type FieldIssue,
  type FieldType,
  type ImportFormat,
} from '@karta/contracts';
import { guardText, numberOf, unguardText } from './place-file.ts';

/**
 * The values of a place's category fields in a file (README, "Import and export"). CSV writes
 * each field as a column `x_<key>` of text; GeoJSON writes `properties.extra`, the object the API
 * gives. Text is read back per the field's type, so a file edited in a spreadsheet or written by
 * another tool (GDAL, OpenStreetMap's `yes`/`no`) reads as the API's values, which `checkExtra`
 * then judges as it judges an edit.
 */

/** Free text a person typed: a file guards it against formulas, as it guards names (`'=…`). */
const GUARDED_TYPES: ReadonlySet<FieldType> = new Set(['text', 'longtext', 'url']);

/** How a file spells yes and no: Karta's `true`/`false`, and OpenStreetMap's `yes`/`no`. */
const YES = new Set(['true', 'yes']);
const NO = new Set(['false', 'no']);

/** Several options in one cell are separated by `;`, as OpenStreetMap separates several values. */
const LIST_SEPARATOR = ';';

/**
 * A value as a CSV cell holds it: yes/no as `true`/`false`, numbers as JavaScript writes them,
 * dates as stored (ISO), several options joined with `;` in the field's option order, and free
 * text with the formula guard.
 */
export function valueText(field: CategoryField, value: ExtraValue): string {
  if (Array.isArray(value)) {
    const order = (field.options ?? []).map((option) => option.value);
    const rank = (option: string) => (order.includes(option) ? order.indexOf(option) : order.length);
    return [...value].sort((a, b) => rank(a) - rank(b)).join(LIST_SEPARATOR);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return String(value);
  return GUARDED_TYPES.has(field.type) ? guardText(value) : value;
}

/**
 * The fields a CSV export has a column for: every active field of the categories (given in their
 * display order), in each category's order, each key once (a key has one type across the site).
 */
export function fileFields(categories: readonly { fields: readonly CategoryField[] }[]): CategoryField[] {
  const byKey = new Map<string, CategoryField>();
  for (const category of categories) {
    for (const field of category.fields) if (!byKey.has(field.key)) byKey.set(field.key, field);
  }
  return [...byKey.values()];
}

/** Whether a file's value is no value: absent, null, blank text or an empty list. */
export const isEmptyValue = (raw: unknown) =>
  raw === null ||
  raw === undefined ||
  (typeof raw === 'string' && raw.trim() === '') ||
  (Array.isArray(raw) && raw.length === 0);

/**
 * A file's value of `field` as `checkExtra` takes it: text read per the field's type (`true`,
 * `yes`, `12`, `hr;en`), JSON values as they are; null for no value. Text it cannot read is
 * passed on as it is, for `checkExtra` to refuse with its own code (`invalid`). `guarded`: free
 * text carries the formula guard (CSV cells and `x_` properties, not the API's `extra` object).
 */
export function readValue(field: CategoryField, raw: unknown, guarded: boolean): unknown {
  if (isEmptyValue(raw)) return null;
  if (typeof raw !== 'string') return raw;
  const trimmed = raw.trim();
  switch (field.type) {
    case 'text':
    case 'longtext':
    case 'url':
      return guarded ? unguardText(raw) : raw;
    case 'phone':
      return raw;
    case 'boolean': {
      const word = trimmed.toLowerCase();
      return YES.has(word) ? true : NO.has(word) ? false : raw;
    }
    case 'number':
    case 'integer':
      return numberOf(trimmed);
    case 'date':
    case 'enum':
      return trimmed;
    case 'multi_enum': {
      const chosen = trimmed
        .split(LIST_SEPARATOR)
        .map((option) => option.trim())
        .filter((option) => option !== '');
      return chosen.length === 0 ? null : chosen;
    }
  }
}

/** The values one file row gives, before its category says how to read them. */
export interface RowExtra {
  /** By field key, as the file holds them (text in CSV). */
  values: Record<string, unknown>;
  /**
   * The keys the row speaks for: every key (a GeoJSON `extra` object is the place's whole set,
   * a key it leaves out has no value), or the keys of its `x_` columns or properties (a key
   * without one keeps the place's value).
   */
  keys: 'all' | ReadonlySet<string>;
  /** Whether free text carries the formula guard (`x_` columns and properties). */
  guarded: boolean;
  /** The file's name of a key's value, where its problems are reported: `x_<key>` or `extra.<key>`. */
  path(key: string): string;
}

const columnPath = (key: string) => extraColumn(key);
const objectPath = (key: string) => `extra.${key}`;

/**
 * The values of a row's fields (a CSV record by column, a GeoJSON feature's properties): its
 * `x_<key>` columns or properties, or GeoJSON's `properties.extra` object; a row with both, or an
 * `extra` that is no object, is refused at `extra`.
 */
export function rowExtraOf(
  fields: Readonly<Record<string, unknown>>,
  format: ImportFormat,
): { ok: true; value: RowExtra } | { ok: false; errors: FieldIssue[] } {
  const columns: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(fields)) {
    const key = extraColumnKey(name);
    if (key !== null) columns[key] = raw;
  }
  const hasColumns = Object.keys(columns).length > 0;
  const object = fields.extra;
  if (object === undefined || object === null) {
    return {
      ok: true,
      value: {
        values: columns,
        keys: new Set(Object.keys(columns)),
        guarded: true,
        path: format === 'csv' || hasColumns ? columnPath : objectPath,
      },
    };
  }
  if (typeof object !== 'object' || Array.isArray(object)) {
    return {
      ok: false,
      errors: [{ path: 'extra', code: 'invalid', message: 'Expected an object of values by field key' }],
    };
  }
  if (hasColumns) {
    return {
      ok: false,
      errors: [
        {
          path: 'extra',
          code: 'invalid',
          message: 'Give the values either as extra or as x_ properties, not both',
        },
      ],
    };
  }
  return {
    ok: true,
    value: {
      values: { ...(object as Record<string, unknown>) },
      keys: 'all',
      guarded: false,
      path: objectPath,
    },
  };
}
