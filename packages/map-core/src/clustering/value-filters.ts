import type { PlaceValue, ValueFilter } from './types.ts';

/**
 * Whether a place with `values` passes every filter: the one rule of value filters, for the
 * server's index and the browser's offline map alike. Within a filter, `anyOf` holds when the value
 * (or, for a set, any of its elements) is one of the listed ones, strictly by type, so an empty
 * `anyOf` holds for nothing; `min` and `max` hold only for numbers within them; a filter with
 * neither holds when the place has the key at all. A key whose value is `undefined` counts as
 * missing, and no filters at all pass every place.
 */
export function matchesFilters(
  values: Readonly<Record<string, PlaceValue>> | undefined,
  filters: readonly ValueFilter[],
): boolean {
  for (const filter of filters) if (!matchesFilter(values, filter)) return false;
  return true;
}

function matchesFilter(
  values: Readonly<Record<string, PlaceValue>> | undefined,
  filter: ValueFilter,
): boolean {
  // Own keys only: a key such as `constructor` must not be found on Object.prototype.
  if (!values || !Object.hasOwn(values, filter.key)) return false;
  const value = values[filter.key];
  if (value === undefined) return false;
  const { anyOf, min, max } = filter;
  if (min !== undefined || max !== undefined) {
    if (typeof value !== 'number') return false;
    if (min !== undefined && !(value >= min)) return false;
    if (max !== undefined && !(value <= max)) return false;
  }
  if (anyOf === undefined) return true;
  if (typeof value === 'string' || typeof value === 'number') return anyOf.includes(value);
  return Array.isArray(value) && value.some((element) => anyOf.includes(element));
}
