import type { FieldFilterParam } from '@karta/contracts';
import { normalizeFieldFilters } from '../../../lib/view-url-filters.ts';

/**
 * What each control of the panel does to the filters: pure functions from the filters to the next
 * ones, in the URL's one form (so an edit that changes nothing writes nothing).
 */

function edit(
  filters: readonly FieldFilterParam[],
  key: string,
  change: (filter: FieldFilterParam) => FieldFilterParam,
): FieldFilterParam[] {
  const current = filters.find((filter) => filter.key === key) ?? { key, values: [] };
  return normalizeFieldFilters([...filters.filter((filter) => filter.key !== key), change(current)]);
}

/** The values `key` is filtered on (any of them); none: not filtered on its values. */
export function withValues(
  filters: readonly FieldFilterParam[],
  key: string,
  values: readonly string[],
): FieldFilterParam[] {
  return edit(filters, key, (filter) => ({ ...filter, values: [...values] }));
}

/** One of `key`'s values turned on or off, the others kept. */
export function toggleValue(
  filters: readonly FieldFilterParam[],
  key: string,
  value: string,
): FieldFilterParam[] {
  const values = valuesOf(filters, key);
  return withValues(
    filters,
    key,
    values.includes(value) ? values.filter((other) => other !== value) : [...values, value],
  );
}

/** A bound of `key` set (`undefined`: removed). */
export function withBound(
  filters: readonly FieldFilterParam[],
  key: string,
  bound: 'min' | 'max',
  value: string | undefined,
): FieldFilterParam[] {
  return edit(filters, key, ({ [bound]: _old, ...rest }) => ({
    ...rest,
    ...(value !== undefined ? { [bound]: value } : {}),
  }));
}

/** No filter on `key`. */
export function withoutField(filters: readonly FieldFilterParam[], key: string): FieldFilterParam[] {
  return filters.filter((filter) => filter.key !== key);
}

/** The values `key` is filtered on. */
export function valuesOf(filters: readonly FieldFilterParam[], key: string): string[] {
  return filters.find((filter) => filter.key === key)?.values ?? [];
}

/** A bound of `key`, if set. */
export function boundOf(
  filters: readonly FieldFilterParam[],
  key: string,
  bound: 'min' | 'max',
): string | undefined {
  return filters.find((filter) => filter.key === key)?.[bound];
}
