import type { CategoryField } from './category-fields.ts';
import type { FieldIssue } from './errors.ts';
import type { FieldFilterParam } from './wire-format.ts';

/**
 * How filters are read against the categories' fields, without zod (types only from the schemas'
 * modules), so a browser's first view can use the one rule through `@karta/contracts/wire`. The
 * query's schema is `FieldFiltersParam` in field-filters.ts.
 */

/** The most fields one request filters on, and values one field's filter lists. */
export const MAX_FILTER_FIELDS = 10;
export const MAX_FILTER_VALUES = 20;

/** An ISO calendar date, `YYYY-MM-DD`, that exists (no 31 February). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * One filter in the terms of the stored values, as the map index and the offline map take it
 * (map-core's `ValueFilter`): options and yes/no (`'true'`, `'false'`) as text, numbers as
 * numbers, dates as days since 1970-01-01.
 */
export interface TypedFilter {
  key: string;
  /** The field's type (every category that has the key gives it the same type). */
  type: CategoryField['type'];
  anyOf?: (string | number)[];
  min?: number;
  max?: number;
}

/** Days since 1970-01-01 of an ISO date: how the map index compares dates. */
export function dayNumber(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000;
}

/** A filter value of a field of `type` in stored terms, or undefined when it cannot be one. */
function typedValue(
  field: Pick<CategoryField, 'type' | 'options'>,
  raw: string,
): string | number | undefined {
  switch (field.type) {
    case 'boolean':
      return raw === 'true' || raw === 'false' ? raw : undefined;
    case 'enum':
    case 'multi_enum':
      // Retired options stay filterable: places may still hold them.
      return field.options?.some((option) => option.value === raw) ? raw : undefined;
    case 'number':
    case 'integer': {
      const value = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
      return Number.isFinite(value) ? value : undefined;
    }
    case 'date':
      return isIsoDate(raw) ? dayNumber(raw) : undefined;
    default:
      return undefined;
  }
}

/**
 * The request's filters in stored terms, given the filterable fields by key (every category's
 * that can be filtered on): a key no category can filter on, a value that is not one of the
 * field's options (or not a number, a date, `true`/`false`), or a range on a field without order
 * is refused at `f.<key>`. The one reading of filters for the server and the offline map.
 */
export function typedFilters(
  params: readonly FieldFilterParam[],
  fields: ReadonlyMap<string, Pick<CategoryField, 'type' | 'options'>>,
): { filters: TypedFilter[]; issues: FieldIssue[] } {
  const filters: TypedFilter[] = [];
  const issues: FieldIssue[] = [];
  for (const param of params) {
    const path = `f.${param.key}`;
    const field = fields.get(param.key);
    if (!field) {
      issues.push({
        path,
        code: 'unknown_field',
        message: 'No category has a filterable field with this key',
      });
      continue;
    }
    const filter: TypedFilter = { key: param.key, type: field.type };
    if (param.values.length > 0) {
      const anyOf = param.values.map((raw) => typedValue(field, raw));
      const bad = param.values.find((_, i) => anyOf[i] === undefined);
      if (bad !== undefined) {
        const code = field.type === 'enum' || field.type === 'multi_enum' ? 'not_an_option' : 'invalid';
        issues.push({ path, code, message: `“${bad}” is not a value of this field` });
        continue;
      }
      filter.anyOf = anyOf as (string | number)[];
    }
    const ordered = field.type === 'number' || field.type === 'integer' || field.type === 'date';
    for (const bound of ['min', 'max'] as const) {
      const raw = param[bound];
      if (raw === undefined) continue;
      const value = ordered ? typedValue(field, raw) : undefined;
      if (typeof value !== 'number') {
        issues.push({
          path: `${path}.${bound}`,
          code: 'invalid',
          message: ordered ? 'Expected a number or a date' : 'This field has no order',
        });
        continue;
      }
      filter[bound] = value;
    }
    filters.push(filter);
  }
  return { filters, issues };
}

/**
 * The fields requests may filter on, by key, from every category's `fields`: those marked
 * `filterable`. A key shared by several categories has one type (the server refuses otherwise);
 * its options are all of theirs. A category without `fields` has none: a browser reads the
 * categories' answer before the checks that fill them in, or holds one saved before fields existed.
 */
export function filterableFields(
  categories: readonly { fields?: readonly CategoryField[] }[],
): Map<string, Pick<CategoryField, 'type' | 'options'>> {
  const fields = new Map<string, Pick<CategoryField, 'type' | 'options'>>();
  for (const category of categories) {
    for (const field of category.fields ?? []) {
      if (!field.filterable) continue;
      const known = fields.get(field.key);
      const options = [...(known?.options ?? []), ...(field.options ?? [])].filter(
        (option, i, all) => all.findIndex((other) => other.value === option.value) === i,
      );
      fields.set(field.key, { type: known?.type ?? field.type, ...(options.length > 0 ? { options } : {}) });
    }
  }
  return fields;
}
