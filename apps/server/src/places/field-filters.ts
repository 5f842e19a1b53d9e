import {
  type CategoryField,
  type FieldFilterParam,
  filterableFields,
  type TypedFilter,
  typedFilters,
} from '@karta/contracts';
import { validationError } from '../http/errors.ts';
import type { Sql } from './place-sql.ts';

/**
 * A field filter in stored terms, with the categories whose places hold values of its key that
 * are not filterable there (a field of that key not marked filterable): their places never match.
 */
export interface PlaceFieldFilter extends TypedFilter {
  excludedCategoryIds: number[];
}

/**
 * The request's `f.<key>` filters read against the categories' fields (400 naming `f.<key>` for a
 * key no category filters on or a value the field cannot hold): each with the categories whose
 * field of that key is not filterable, whose places must not match (the map index holds only
 * filterable values). A removed field's values are out of `extra` already (`hidden_extra`).
 */
export function resolveFieldFilters(
  params: readonly FieldFilterParam[],
  categories: readonly { id: number; fields: readonly CategoryField[] }[],
): PlaceFieldFilter[] {
  if (params.length === 0) return [];
  const { filters, issues } = typedFilters(params, filterableFields(categories));
  if (issues.length > 0) throw validationError(issues, 'The filters are not valid');
  return filters.map((filter) => ({
    ...filter,
    excludedCategoryIds: categories
      .filter((category) => category.fields.some((field) => field.key === filter.key && !field.filterable))
      .map((category) => category.id),
  }));
}

/** An ISO date from days since 1970-01-01 (how filters carry dates). */
const isoDate = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

/** The stored JSON value `extra` holds for a filter's value (options and yes/no as written). */
function storedValue(filter: TypedFilter, value: string | number): unknown {
  if (filter.type === 'boolean') return value === 'true';
  if (filter.type === 'date') return isoDate(value as number);
  if (filter.type === 'multi_enum') return [value];
  return value;
}

/**
 * One filter as SQL on `places p`: its value is one of `anyOf` (containment, which the GIN index
 * on published places' `extra` answers) and within `min`–`max` (numbers as numbers, dates as ISO
 * text, whose order is the dates'), and its category filters on the key. `extra` holds only keys
 * of the place's category, so that is a condition only where some category has the key without
 * filtering on it; written as an exclusion, so the planner is not led to the category index
 * instead of the GIN one (measured: 39 ms against 12 ms for a count at 50 000 places).
 */
function filterSql(filter: PlaceFieldFilter, param: Sql['param']): string {
  // A place without the key fails both kinds of condition: no containment, and NULL bounds.
  const parts: string[] = [];
  if (filter.excludedCategoryIds.length > 0) {
    parts.push(`p.category_id <> ALL(${param(filter.excludedCategoryIds, 'int4[]')})`);
  }
  if (filter.anyOf && filter.anyOf.length > 0) {
    const alternatives = filter.anyOf.map(
      (value) => `p.extra @> ${param(JSON.stringify({ [filter.key]: storedValue(filter, value) }), 'jsonb')}`,
    );
    parts.push(`(${alternatives.join(' OR ')})`);
  }
  if (filter.min === undefined && filter.max === undefined) return `(${parts.join(' AND ') || 'TRUE'})`;
  const key = param(filter.key, 'text');
  const isDate = filter.type === 'date';
  const comparable = isDate
    ? `(CASE WHEN jsonb_typeof(p.extra -> ${key}) = 'string' THEN p.extra ->> ${key} END)`
    : `(CASE WHEN jsonb_typeof(p.extra -> ${key}) = 'number' THEN (p.extra ->> ${key})::numeric END)`;
  for (const [bound, operator] of [
    ['min', '>='],
    ['max', '<='],
  ] as const) {
    const value = filter[bound];
    if (value === undefined) continue;
    parts.push(
      `${comparable} ${operator} ${isDate ? param(isoDate(value), 'text') : param(value, 'numeric')}`,
    );
  }
  return `(${parts.join(' AND ')})`;
}

/** Every field filter as SQL conditions on `places p`, to be joined with AND. */
export function fieldFiltersSql(filters: readonly PlaceFieldFilter[], param: Sql['param']): string[] {
  return filters.map((filter) => filterSql(filter, param));
}

/** The filters as the map index takes them (map-core's `ValueFilter`). */
export function indexFilters(filters: readonly PlaceFieldFilter[]) {
  return filters.map(({ key, anyOf, min, max }) => ({
    key,
    ...(anyOf ? { anyOf } : {}),
    ...(min !== undefined ? { min } : {}),
    ...(max !== undefined ? { max } : {}),
  }));
}
