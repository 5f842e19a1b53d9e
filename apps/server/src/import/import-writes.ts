import type { Extra, ImportStatus } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';
import { FIELD_COLUMNS, RECORD_COLUMNS, SET_COLUMNS } from './place-values.ts';

/**
 * A place to create: its external id, its columns (`recordOf`), its values (`extra`; none in a
 * run staged by a version before fields existed) and its history entry's changes.
 */
export type CreateRecord = Record<string, unknown> & { external_id: string; extra?: Extra; changes: unknown };
/**
 * A place to update: its id, the version it was read at, its new columns and values, the values
 * it moves out of sight (`hidden`, added to `hidden_extra`) and its changes. A record without
 * `extra` (staged by a version before fields existed) leaves the values as they are.
 */
export type UpdateRecord = Record<string, unknown> & {
  id: number;
  version: number;
  extra?: Extra;
  hidden?: Extra;
  changes: unknown;
};

/**
 * Where a batch's rows come from: a JSON parameter (written at once), or the staged batches `from`
 * to `to` (their `seq`, both included) of `run` in `import_batches` (published later). Each names
 * the SQL of its rows and its parameters.
 */
export type BatchSource =
  | { kind: 'json'; creates: CreateRecord[]; updates: UpdateRecord[] }
  | { kind: 'staged'; run: number; from: number; to: number };

function rowsOf(source: BatchSource, list: 'creates' | 'updates', columns: string) {
  if (source.kind === 'json') {
    return {
      sql: `SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(${columns})`,
      params: [JSON.stringify(source[list])] as unknown[],
    };
  }
  return {
    sql: `SELECT r.* FROM import_batches b, jsonb_to_recordset(b.${list}) AS r(${columns})
          WHERE b.run_id = $1 AND b.seq BETWEEN $2 AND $3`,
    params: [source.run, source.from, source.to] as unknown[],
  };
}

/**
 * Whether the row's category has a field of the value's key. A subquery, not a join with the
 * categories: a join may reorder the rows, and places get their ids in the file's order (the feed
 * of an import lists its last row as the newest).
 */
const HAS_FIELD = `(SELECT c.fields FROM categories c WHERE c.id = i.category_id)
        @> jsonb_build_array(jsonb_build_object('key', e.key))`;

/**
 * The input rows with their values split by their category's fields as they are when written:
 * `shown`, of the fields it has; `unshown`, of any other, which go out of sight (`hidden_extra`)
 * as a field's removal moves every place's values. Rows staged on PGlite are published after a
 * field may have been removed (PostgreSQL locks the categories for the import: nothing there is
 * unshown); a value is never shown for a field its category no longer has, nor lost.
 */
const SPLIT_VALUES = `SELECT i.*,
    (SELECT jsonb_object_agg(e.key, e.value) FROM jsonb_each(i.extra) e
      WHERE ${HAS_FIELD}) AS shown,
    (SELECT jsonb_object_agg(e.key, e.value) FROM jsonb_each(i.extra) e
      WHERE NOT ${HAS_FIELD}) AS unshown
  FROM input i`;

/**
 * Writes one batch: creates with their `created` history entries, then updates (a version bump
 * and an `edited` entry, like an edit). An update applies only to the version it was decided on:
 * a place edited since (between staging and publishing on PGlite) keeps that edit. Returns how
 * many updates were not applied for that reason. The change log follows by its triggers.
 */
export async function writeBatch(
  q: Queryable,
  source: BatchSource,
  options: { status: ImportStatus; actorId: number | null },
): Promise<number> {
  const staged = source.kind === 'staged';
  if (staged || source.creates.length > 0) await writeCreates(q, source, options);
  if (staged || source.updates.length > 0) return writeUpdates(q, source, options.actorId);
  return 0;
}

async function writeCreates(
  q: Queryable,
  source: BatchSource,
  options: { status: ImportStatus; actorId: number | null },
) {
  const creates = rowsOf(
    source,
    'creates',
    `external_id text, ${RECORD_COLUMNS}, extra jsonb, changes jsonb`,
  );
  const next = creates.params.length + 1;
  await q.query(
    `WITH input AS (${creates.sql}), split AS (${SPLIT_VALUES}), inserted AS (
       INSERT INTO places (external_id, ${FIELD_COLUMNS}, extra, hidden_extra, status, author_id, published_at)
       SELECT external_id, ${FIELD_COLUMNS}, coalesce(shown, '{}'::jsonb), coalesce(unshown, '{}'::jsonb),
         $${next}::text, $${next + 1}::int8, CASE WHEN $${next}::text = 'published' THEN now() END
       FROM split
       RETURNING id, external_id, version
     )
     INSERT INTO place_history (place_id, version, actor_id, action, changes)
     SELECT inserted.id, inserted.version, $${next + 1}::int8, 'created', input.changes
     FROM inserted JOIN input ON input.external_id = inserted.external_id`,
    [...creates.params, options.status, options.actorId],
  );
}

async function writeUpdates(q: Queryable, source: BatchSource, actorId: number | null): Promise<number> {
  const updates = rowsOf(
    source,
    'updates',
    `id int8, version int, ${RECORD_COLUMNS}, extra jsonb, hidden jsonb, changes jsonb`,
  );
  const actor = updates.params.length + 1;
  const { rows } = await q.query<{ wanted: number; applied: number }>(
    `WITH input AS (${updates.sql}), split AS (${SPLIT_VALUES}), updated AS (
       UPDATE places p SET ${SET_COLUMNS},
         extra = CASE WHEN i.extra IS NULL THEN p.extra ELSE coalesce(i.shown, '{}'::jsonb) END,
         hidden_extra = p.hidden_extra || coalesce(i.hidden, '{}'::jsonb) || coalesce(i.unshown, '{}'::jsonb),
         version = p.version + 1, updated_at = now()
       FROM split i WHERE p.id = i.id AND p.version = i.version
       RETURNING p.id, p.version
     ), history AS (
       INSERT INTO place_history (place_id, version, actor_id, action, changes)
       SELECT updated.id, updated.version, $${actor}::int8, 'edited', input.changes
       FROM updated JOIN input ON input.id = updated.id
     )
     SELECT (SELECT count(*) FROM input)::int AS wanted, (SELECT count(*) FROM updated)::int AS applied`,
    [...updates.params, actorId],
  );
  return (rows[0]?.wanted ?? 0) - (rows[0]?.applied ?? 0);
}
