import type { Queryable } from '../db/database.ts';

/**
 * Empties the trigram indexes' pending lists (GIN's buffer of recent, unsorted entries). A bulk
 * load leaves them full until a vacuum, which PGlite never runs, and a search then reads them
 * whole or scans the table instead (decision 016): the demo seed and large imports call this at
 * their end.
 */
export async function emptySearchPendingLists(db: Queryable): Promise<void> {
  await db.query(
    `SELECT gin_clean_pending_list(c.oid::regclass) FROM pg_class c
     WHERE c.relname IN ('places_search_text_trgm_idx', 'places_search_name_trgm_idx')`,
  );
}
