import {
  type CategoryField,
  type FieldIssue,
  type FieldType,
  filterTypesOf,
  unsupportedLanguageIssues,
} from '@karta/contracts';
import type { Queryable } from '../db/database.ts';
import { AppError, validationError } from '../http/errors.ts';

/** A category's field definitions as stored: the active list and the removed ones still holding values. */
export interface StoredFields {
  fields: CategoryField[];
  removedFields: CategoryField[];
}

/** What a change of a category's fields does to its places' values. */
export interface FieldsChange extends StoredFields {
  /** Keys whose values move from `extra` to `hidden_extra` (fields removed). */
  hide: string[];
  /** Keys whose values come back from `hidden_extra` (removed fields added again). */
  show: string[];
  /** The filterable fields' types by key, as `categories.filter_types` stores them. */
  filterTypes: Record<string, FieldType>;
}

/** Labels, help and option labels only in the deployment's languages, each at `fields.<i>.…`. */
export function fieldLanguageIssues(
  fields: readonly CategoryField[],
  languages: readonly string[],
): FieldIssue[] {
  return fields.flatMap((field, i) => [
    ...unsupportedLanguageIssues(field.label, languages, `fields.${i}.label`),
    ...unsupportedLanguageIssues(field.help, languages, `fields.${i}.help`),
    ...(field.options ?? []).flatMap((option, j) =>
      unsupportedLanguageIssues(option.label, languages, `fields.${i}.options.${j}.label`),
    ),
  ]);
}

/**
 * A key means one thing across the site: a filter `f.<key>` reads every category's field of that
 * key, so each has the same type. The issues of fields whose key another category gives another type.
 */
export async function sharedKeyIssues(
  tx: Queryable,
  categoryId: number | null,
  fields: readonly CategoryField[],
): Promise<FieldIssue[]> {
  const { rows } = await tx.query<{ slug: string; fields: CategoryField[]; removed_fields: CategoryField[] }>(
    'SELECT slug, fields, removed_fields FROM categories WHERE id IS DISTINCT FROM $1',
    [categoryId],
  );
  const issues: FieldIssue[] = [];
  fields.forEach((field, i) => {
    for (const other of rows) {
      const same = [...other.fields, ...other.removed_fields].find(
        (candidate) => candidate.key === field.key,
      );
      if (same && same.type !== field.type) {
        issues.push({
          path: `fields.${i}.type`,
          code: 'invalid',
          message: `The field “${field.key}” is of type ${same.type} in the category “${other.slug}”: use that type or another key`,
        });
        return;
      }
    }
  });
  return issues;
}

/** How many of the category's places hold a value of `key`, shown or hidden. */
async function placesWithValue(tx: Queryable, categoryId: number, key: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM places WHERE category_id = $1 AND (extra ? $2 OR hidden_extra ? $2)`,
    [categoryId, key],
  );
  return rows[0]?.n ?? 0;
}

/** How many of the category's places hold `value` for `key` (as one choice or one of several). */
async function placesWithOption(
  tx: Queryable,
  categoryId: number,
  key: string,
  value: string,
): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM places WHERE category_id = $1
       AND (extra -> $2 = to_jsonb($3::text) OR extra -> $2 @> jsonb_build_array($3::text)
         OR hidden_extra -> $2 = to_jsonb($3::text) OR hidden_extra -> $2 @> jsonb_build_array($3::text))`,
    [categoryId, key, value],
  );
  return rows[0]?.n ?? 0;
}

/** A change of fields that would lose or misread saved values: 409 `conflict` naming the part. */
function wouldLoseValues(path: string, message: string, places: number): AppError {
  return new AppError('conflict', message, { path, places });
}

/**
 * The category's fields after `next` replaces `stored.fields`, checked so that no saved value is
 * lost or misread: a key keeps its type while places hold values of it, and an option places
 * hold is retired, never deleted. A field left out is removed (its values hidden, kept); one added
 * back with its old key shows its values again. `tx` holds the category row locked.
 */
export async function changeFields(
  tx: Queryable,
  categoryId: number,
  stored: StoredFields,
  next: readonly CategoryField[],
): Promise<FieldsChange> {
  const before = new Map([...stored.removedFields, ...stored.fields].map((field) => [field.key, field]));
  const nextKeys = new Set(next.map((field) => field.key));
  for (const [i, field] of next.entries()) {
    const old = before.get(field.key);
    if (!old) continue;
    if (old.type !== field.type) {
      const places = await placesWithValue(tx, categoryId, field.key);
      if (places > 0) {
        throw wouldLoseValues(
          `fields.${i}.type`,
          `${places} places hold values of “${field.key}”: its type cannot change (purge them first, or use a new key)`,
          places,
        );
      }
      continue;
    }
    const kept = new Set((field.options ?? []).map((option) => option.value));
    for (const option of old.options ?? []) {
      if (kept.has(option.value)) continue;
      const places = await placesWithOption(tx, categoryId, field.key, option.value);
      if (places > 0) {
        throw wouldLoseValues(
          `fields.${i}.options`,
          `${places} places hold the option “${option.value}”: retire it instead of removing it`,
          places,
        );
      }
    }
  }
  const removedNow = stored.fields.filter((field) => !nextKeys.has(field.key));
  const stillRemoved = stored.removedFields.filter((field) => !nextKeys.has(field.key));
  return {
    fields: [...next],
    removedFields: [...stillRemoved, ...removedNow],
    hide: removedNow.map((field) => field.key),
    show: stored.removedFields.filter((field) => nextKeys.has(field.key)).map((field) => field.key),
    filterTypes: filterTypesOf(next),
  };
}

/** Refuses definitions with labels in languages the site does not offer, or keys of another type elsewhere. */
export async function checkDefinitions(
  tx: Queryable,
  categoryId: number | null,
  fields: readonly CategoryField[],
  languages: readonly string[],
): Promise<void> {
  const issues = [
    ...fieldLanguageIssues(fields, languages),
    ...(await sharedKeyIssues(tx, categoryId, fields)),
  ];
  if (issues.length > 0) throw validationError(issues);
}
