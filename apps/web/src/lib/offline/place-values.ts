import { dayNumber, type Extra, type FieldType } from '@karta/contracts';
import type { PlaceValue } from '@karta/map-core/clustering';

/** A category's filterable fields' types by key: what the server keeps as `categories.filter_types`. */
export type FilterTypes = Readonly<Record<string, FieldType>>;

/** A JSON value as PostgreSQL's `#>> '{}'` gives it: text as it is, anything else as JSON. */
const textOf = (value: Extra[string]) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * A place's filterable values as the map's index holds them, the browser's copy of the server's
 * `karta_filter_values(extra, filter_types)` (migration 026): only the keys of `types`, yes/no as
 * the text `'true'`/`'false'`, dates as days since 1970-01-01 (`dayNumber`), numbers, options and
 * lists of options as they are; undefined when none is left. `matchesFilters` and the clustering
 * index read them, so a filter offline keeps exactly the places the server's keeps.
 */
export function placeValues(
  extra: Extra | undefined,
  types: FilterTypes | undefined,
): Record<string, PlaceValue> | undefined {
  if (!extra || !types) return undefined;
  let values: Record<string, PlaceValue> | undefined;
  for (const [key, value] of Object.entries(extra)) {
    // Own keys only: a field called `constructor` must not find Object.prototype's.
    if (!Object.hasOwn(types, key)) continue;
    const type = types[key];
    let indexed: PlaceValue;
    if (type === 'date') {
      const day = dayNumber(textOf(value));
      // The server's stored dates are always ISO days (checkExtra); anything else is no date at all.
      if (!Number.isFinite(day)) continue;
      indexed = day;
    } else if (type === 'boolean') {
      indexed = textOf(value);
    } else if (typeof value === 'boolean') {
      // Never held by a field of the other types (checkExtra); kept or not, it matches no filter.
      continue;
    } else {
      indexed = value;
    }
    values ??= {};
    values[key] = indexed;
  }
  return values;
}
