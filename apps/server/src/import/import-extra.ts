import { type CategoryField, checkExtra, type Extra, type FieldIssue } from '@karta/contracts';
import { isEmptyValue, type RowExtra, readValue } from './file-extra.ts';

/** A place as the import found it: its category and its shown values. */
export interface ExtraBefore {
  categoryId: number;
  extra: Extra;
}

/**
 * What an imported row makes of a place's values: `extra` to store (what `checkExtra` kept), and
 * `hidden`, values of a former category's fields to move out of sight (`hidden_extra`), as an
 * edit that moves a place without sending values does. Or the problems, each at the file's name
 * of its value (`x_<key>` or `extra.<key>`), with `checkExtra`'s codes.
 */
export type ImportedExtra = { extra: Extra; hidden: Extra } | { issues: FieldIssue[] };

/**
 * The values a row sets on a new place (`before` null) or an existing one, for the row's category
 * `categoryId` with its `fields`:
 *
 * - A key the row speaks for (see `RowExtra.keys`) takes the row's value; an empty one is no value.
 *   A GeoJSON `extra` object speaks for every key: it replaces the place's values whole.
 * - A key it does not speak for (no `x_` column) keeps the place's value, hidden when the
 *   category moves to one without that field. A row that speaks for none of its category's keys, and gives no value,
 *   leaves an update's values as they are and unchecked (a field made required since applies to
 *   the next edit that touches values, as it does for the API's edits).
 * - A value for a field the category lacks is refused (`unknown_field`), an empty one ignored.
 * - Hidden values (`hidden_extra`) are never read nor changed, only added to by such a move.
 *
 * Then the one rule, `checkExtra`, with the place's values as `previous` (a retired option it has
 * may stay).
 */
export function importedExtra(
  fields: readonly CategoryField[],
  categoryId: number,
  row: RowExtra,
  before: ExtraBefore | null,
): ImportedExtra {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const given: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(row.values)) {
    const field = byKey.get(key);
    if (field) given[key] = readValue(field, raw, row.guarded);
    else if (!isEmptyValue(raw)) given[key] = raw;
  }
  const speaks =
    row.keys === 'all' ||
    Object.keys(row.values).some((key) => byKey.has(key)) ||
    Object.keys(given).some((key) => !byKey.has(key));
  if (before && !speaks && before.categoryId === categoryId) return { extra: before.extra, hidden: {} };

  const input: Record<string, unknown> = {};
  const hidden: Extra = {};
  if (before && row.keys !== 'all') {
    for (const [key, value] of Object.entries(before.extra)) {
      if (row.keys.has(key)) continue;
      if (byKey.has(key)) input[key] = value;
      else hidden[key] = value;
    }
  }
  Object.assign(input, given);
  const { values, issues } = checkExtra(fields, input, before?.extra ?? {});
  if (issues.length > 0) {
    return {
      issues: issues.map((issue) => ({ ...issue, path: row.path(issue.path.replace(/^extra\./, '')) })),
    };
  }
  return { extra: values, hidden };
}
