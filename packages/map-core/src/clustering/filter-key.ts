import type { ValueFilter } from './types.ts';

/** A list of value filters in one canonical form, and a copy of it the caller cannot change. */
export interface CanonicalFilters {
  /** The same for lists that match the same places by their form: in any order, with repeats. */
  key: string;
  filters: readonly ValueFilter[];
}

/**
 * The canonical form of `filters`: each filter's `anyOf` without repeats, in one order, and the
 * filters themselves without repeats, in one order (they are ANDed, so order and repeats do not
 * change what matches). Numbers are written with `String`, so the key tells apart every two that
 * match differently (NaN and Infinity too, which JSON would write as null), and tells numbers from
 * strings.
 */
export function canonicalFilters(filters: readonly ValueFilter[]): CanonicalFilters {
  const byPart = new Map<string, ValueFilter>();
  for (const filter of filters) {
    const anyOf = filter.anyOf === undefined ? undefined : canonicalOptions(filter.anyOf);
    const part = JSON.stringify([
      filter.key,
      anyOf?.map(tag) ?? null,
      filter.min === undefined ? null : String(filter.min),
      filter.max === undefined ? null : String(filter.max),
    ]);
    const copy: ValueFilter = { key: filter.key };
    if (anyOf !== undefined) copy.anyOf = anyOf;
    if (filter.min !== undefined) copy.min = filter.min;
    if (filter.max !== undefined) copy.max = filter.max;
    byPart.set(part, copy);
  }
  const parts = [...byPart.keys()].sort();
  return { key: JSON.stringify(parts), filters: parts.map((part) => byPart.get(part) as ValueFilter) };
}

/** The options without repeats, ordered by their tags. */
function canonicalOptions(options: readonly (string | number)[]): (string | number)[] {
  const byTag = new Map<string, string | number>();
  for (const option of options) byTag.set(tag(option), option);
  return [...byTag.keys()].sort().map((key) => byTag.get(key) as string | number);
}

/** An option as text that keeps its type: 1 and '1' differ, 0 and −0 (which match alike) do not. */
function tag(option: string | number): string {
  return typeof option === 'number' ? `n${String(option)}` : `s${option}`;
}
