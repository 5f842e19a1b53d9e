import type { Queryable } from '../db/database.ts';

/**
 * The places a scheduled import created or matched (`import_source_places`), and what a fetch
 * does to them beyond the importer's upserts (docs/decisions/033-scheduled-imports.md): those gone
 * from the list are archived, those that come back to a trusted source published again.
 */

/** Remembers that the source's list holds the places of `externalIds` (created or matched now). */
export async function linkSourcePlaces(
  tx: Queryable,
  sourceId: number,
  externalIds: string[],
): Promise<void> {
  await tx.query(
    `INSERT INTO import_source_places (source_id, place_id, external_id)
     SELECT $1, id, external_id FROM places WHERE external_id = ANY($2::text[])
     ON CONFLICT (source_id, place_id) DO NOTHING`,
    [sourceId, externalIds],
  );
}

/**
 * Archives the source's published places whose external id is not in `present`: status archived,
 * version + 1, an `archived` history entry from `origin` ("import: <name>"); never deleted. A
 * pending place is left to its review. Returns how many were archived.
 */
export async function archiveVanished(
  tx: Queryable,
  sourceId: number,
  present: string[],
  actorId: number,
  origin: string,
): Promise<number> {
  const { rows } = await tx.query<{ place_id: number }>(
    `WITH gone AS (
       SELECT p.id FROM places p JOIN import_source_places sp ON sp.place_id = p.id
       WHERE sp.source_id = $1 AND p.status = 'published' AND NOT (sp.external_id = ANY($2::text[]))
       FOR UPDATE OF p
     ), archived AS (
       UPDATE places p SET status = 'archived', version = p.version + 1, updated_at = now()
       FROM gone WHERE p.id = gone.id
       RETURNING p.id, p.version
     ), marked AS (
       UPDATE import_source_places SET archived_by_source = true
       WHERE source_id = $1 AND place_id IN (SELECT id FROM archived)
     )
     INSERT INTO place_history (place_id, version, actor_id, action, changes, origin)
     SELECT id, version, $3, 'archived', '{"status":{"from":"published","to":"archived"}}'::jsonb, $4
     FROM archived
     RETURNING place_id`,
    [sourceId, present, actorId, origin],
  );
  return rows.length;
}

/**
 * Publishes again the places this source archived because they vanished, now that its list has
 * them again (a trusted source only: an untrusted one's return is left to a moderator). A place a
 * moderator archived stays archived. Returns the external ids published again.
 */
export async function restoreReturned(
  tx: Queryable,
  sourceId: number,
  present: string[],
  actorId: number,
  origin: string,
): Promise<string[]> {
  const { rows } = await tx.query<{ external_id: string }>(
    `WITH back AS (
       SELECT p.id FROM places p JOIN import_source_places sp ON sp.place_id = p.id
       WHERE sp.source_id = $1 AND sp.archived_by_source AND p.status = 'archived'
         AND sp.external_id = ANY($2::text[])
       FOR UPDATE OF p
     ), restored AS (
       UPDATE places p SET status = 'published', published_at = coalesce(p.published_at, now()),
         version = p.version + 1, updated_at = now()
       FROM back WHERE p.id = back.id
       RETURNING p.id, p.version, p.external_id
     ), unmarked AS (
       UPDATE import_source_places SET archived_by_source = false
       WHERE source_id = $1 AND place_id IN (SELECT id FROM restored)
     ), history AS (
       INSERT INTO place_history (place_id, version, actor_id, action, changes, origin)
       SELECT id, version, $3, 'published', '{"status":{"from":"archived","to":"published"}}'::jsonb, $4
       FROM restored
     )
     SELECT external_id FROM restored`,
    [sourceId, present, actorId, origin],
  );
  return rows.map((row) => row.external_id);
}

/**
 * Marks the history entries the importer wrote for this run as coming from `origin`: the
 * `created` and `edited` entries of the source's places by its admin since `since`. The importer
 * writes them without a source (it serves uploads too), so they are named after it.
 */
export async function nameImportHistory(
  tx: Queryable,
  present: string[],
  actorId: number,
  since: Date,
  origin: string,
): Promise<void> {
  await tx.query(
    `UPDATE place_history SET origin = $4
     WHERE origin IS NULL AND actor_id = $2 AND created_at >= $3 AND action IN ('created', 'edited')
       AND place_id IN (SELECT id FROM places WHERE external_id = ANY($1::text[]))`,
    [present, actorId, since.toISOString(), origin],
  );
}

/**
 * The external ids of places this source archived because they vanished and that its list has
 * again: an untrusted source does not publish them, so they are listed for a moderator.
 */
export async function returnedArchived(
  tx: Queryable,
  sourceId: number,
  present: string[],
): Promise<string[]> {
  const { rows } = await tx.query<{ external_id: string }>(
    `SELECT sp.external_id FROM import_source_places sp JOIN places p ON p.id = sp.place_id
     WHERE sp.source_id = $1 AND sp.archived_by_source AND p.status = 'archived'
       AND sp.external_id = ANY($2::text[])
     ORDER BY sp.external_id`,
    [sourceId, present],
  );
  return rows.map((row) => row.external_id);
}
