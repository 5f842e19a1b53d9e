import { type CategoryField, checkExtra, type Extra } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';
import { validationError } from '../http/errors.ts';
import { sameJson } from './same-json.ts';

/**
 * The category's fields, its row share-locked for the rest of the transaction, so a change of
 * its fields (which locks it for update) cannot slip between checking a value and writing it.
 */
async function lockedFields(tx: Queryable, categoryId: number): Promise<CategoryField[]> {
  const { rows } = await tx.query<{ fields: CategoryField[] }>(
    'SELECT fields FROM categories WHERE id = $1 FOR SHARE',
    [categoryId],
  );
  const row = rows[0];
  if (!row) throw validationError([{ path: 'categoryId', message: 'There is no such category' }]);
  return row.fields;
}

/**
 * A place's values after a write, checked against its category's fields with the one rule of
 * `checkExtra` (400 naming each `extra.<key>` refused). `previous` is what the place held: a
 * retired option it had may stay. With `hideUnknown` (a move to another category that sends no
 * values), values of fields the category lacks are not refused but returned as `hidden`, kept
 * out of sight as a removed field's are. With `hidePrevious` (a move that sends the new
 * category's values), the place's values of fields the category lacks are hidden likewise.
 */
export async function nextExtra(
  tx: Queryable,
  categoryId: number,
  input: Readonly<Record<string, unknown>>,
  previous: Readonly<Extra>,
  hideUnknown = false,
  hidePrevious = false,
): Promise<{ extra: Extra; hidden: Extra }> {
  const fields = await lockedFields(tx, categoryId);
  const keys = new Set(fields.map((field) => field.key));
  const hidden: Extra = {};
  if (hidePrevious) {
    for (const [key, value] of Object.entries(previous)) if (!keys.has(key)) hidden[key] = value;
  }
  const given: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (hideUnknown && !keys.has(key)) hidden[key] = value as Extra[string];
    else given[key] = value;
  }
  const { values, issues } = checkExtra(fields, given, previous);
  if (issues.length > 0) throw validationError(issues);
  return { extra: values, hidden };
}

/** The history's entries of a change of values, one per field (`extra.indoor`: from, to; null = none). */
export function extraChanges(before: Readonly<Extra>, after: Readonly<Extra>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const from = before[key] ?? null;
    const to = after[key] ?? null;
    if (!sameJson(from, to)) changes[`extra.${key}`] = { from, to };
  }
  return changes;
}
