import type { PlaceListItem } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';
import { NotReadyError } from '../http/errors.ts';
import { type BoundedCount, boundedTotal } from './bounded-count.ts';
import type { PageCursor } from './cursor.ts';
import type { KeptByPlace } from './kept-by-place.ts';
import { type KeptPageJson, keptPage, type PageRest } from './kept-page.ts';
import type { KeptListItem } from './place-row.ts';
import type { Actor } from './place-rules.ts';
import type { PlaceSettings } from './place-settings.ts';
import { keptHitsById, listItemsById } from './rows-by-id.ts';

/** A page the map index found: its places in order, whether more follow, their total if asked. */
export interface IndexPage<Hit extends { id: number; distance: number | null }> {
  hits: Hit[];
  more: boolean;
  total?: number;
}

/** The index's answer, or undefined while it is not ready (it builds): the caller reads the database. */
export async function askIndex<T>(ask: () => Promise<T>): Promise<T | undefined> {
  try {
    return await ask();
  } catch (error) {
    if (error instanceof NotReadyError) return undefined;
    throw error;
  }
}

/**
 * A list's page of what the index found: the places' rows (as the viewer may see them) read by
 * id, only those still published (the index may be a moment behind), the total bounded as the
 * SQL count is, and the cursor of the last place when more follow. A visitor's page is made of
 * the items kept in `kept` where it has them (the index caught up with the change log just
 * before, and told `kept` of every change it read), and can be written as JSON from them
 * (kept-page.ts).
 */
export async function pageOfHits<Hit extends { id: number; distance: number | null }>(
  db: Queryable,
  settings: PlaceSettings,
  found: IndexPage<Hit>,
  viewer: Actor | null,
  cursorOf: (last: Hit) => PageCursor,
  kept: KeptByPlace<KeptListItem> | undefined,
): Promise<PageRest & { items: PlaceListItem[]; caughtUp: true; kept?: KeptPageJson }> {
  const counted: BoundedCount =
    found.total === undefined ? { total: 0, totalIsLowerBound: false } : boundedTotal(found.total);
  const last = found.hits.at(-1);
  const rest = { ...counted, next: found.more && last ? cursorOf(last) : null };
  if (viewer === null && kept) {
    return keptPage(await keptHitsById(db, settings, found.hits, kept), settings, rest);
  }
  const items = await listItemsById(db, settings, found.hits, viewer, { publishedOnly: true });
  return { items, ...rest, caughtUp: true };
}
