// From the entry without zod: the home page's first view reads its URL before the schemas load.
import { type FieldFilterParam, MAX_FILTER_FIELDS, MAX_FILTER_VALUES } from '@karta/contracts/wire';

/**
 * The field filters of a page's URL, written as the API takes them, so a link, the map's request
 * and the list's request carry the same text: `f.access=yes,customers&f.indoor=true&f.level.min=0`.
 * Repeated or comma-separated values are any of them; `.min` and `.max` bound numbers and dates.
 * Only the form is checked here; which keys and values a category offers is known once the
 * categories are loaded (see the field-filters feature).
 */

const NAME = /^f\.([a-z][a-z0-9_]{0,39})(?:\.(min|max))?$/;
/** An option (`customers`), `true`/`false`, a number (`-1.5`) or a date (`2026-05-01`). */
const VALUE = /^-?[a-z0-9][a-z0-9_.-]{0,39}$/;
/** A bound: a number or an ISO date. */
const BOUND = /^(-?\d{1,15}(\.\d{1,10})?|\d{4}-\d{2}-\d{2})$/;

/** Reads the `f.*` parameters: one filter per key, keys in order, values unique; malformed ones left out. */
export function parseFieldFilterParams(params: URLSearchParams): FieldFilterParam[] {
  const byKey = new Map<string, FieldFilterParam>();
  for (const [name, raw] of params) {
    const match = NAME.exec(name);
    if (!match) continue;
    const key = match[1] as string;
    const bound = match[2] as 'min' | 'max' | undefined;
    const filter = byKey.get(key) ?? { key, values: [] };
    const parts = raw
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    if (bound) {
      const value = parts.length === 1 ? parts[0] : undefined;
      if (value !== undefined && BOUND.test(value)) filter[bound] = value;
    } else {
      filter.values.push(...parts.filter((part) => VALUE.test(part)));
    }
    byKey.set(key, filter);
  }
  return normalizeFieldFilters([...byKey.values()]);
}

/**
 * Filters in one form whatever order they were made in: keys sorted, values unique and sorted,
 * filters without a value or bound dropped, at most as many as the API takes.
 */
export function normalizeFieldFilters(filters: readonly FieldFilterParam[]): FieldFilterParam[] {
  return filters
    .map((filter) => ({
      key: filter.key,
      values: [...new Set(filter.values)].sort().slice(0, MAX_FILTER_VALUES),
      ...(filter.min !== undefined ? { min: filter.min } : {}),
      ...(filter.max !== undefined ? { max: filter.max } : {}),
    }))
    .filter((filter) => filter.values.length > 0 || filter.min !== undefined || filter.max !== undefined)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, MAX_FILTER_FIELDS);
}

/** The `f.*` parameters of a URL, in order, commas literal (as `cat` writes them) so links stay readable. */
export function serializeFieldFilterParams(filters: readonly FieldFilterParam[]): string[] {
  const parts: string[] = [];
  for (const filter of normalizeFieldFilters(filters)) {
    if (filter.values.length > 0)
      parts.push(`f.${filter.key}=${filter.values.map(encodeURIComponent).join(',')}`);
    if (filter.min !== undefined) parts.push(`f.${filter.key}.min=${encodeURIComponent(filter.min)}`);
    if (filter.max !== undefined) parts.push(`f.${filter.key}.max=${encodeURIComponent(filter.max)}`);
  }
  return parts;
}

/** Whether two lists of filters ask the same (as written to a URL). */
export function sameFieldFilters(a: readonly FieldFilterParam[], b: readonly FieldFilterParam[]): boolean {
  return serializeFieldFilterParams(a).join('&') === serializeFieldFilterParams(b).join('&');
}

/** One text for a query key: the same filters are one cache entry however they were made. */
export function fieldFiltersKey(filters: readonly FieldFilterParam[] | undefined): string {
  return serializeFieldFilterParams(filters ?? []).join('&');
}
