import { type LatLng, LIST_COUNT_BOUND } from '@karta/contracts';
import type { NearestQuery, NearHit } from '@karta/map-core/clustering';
import type { Queryable } from '../db/database.ts';
import type { KeptByPlace } from './kept-by-place.ts';
import { type ListQuery, MAX_PLACE_RADIUS_M } from './list-sql.ts';
import { askIndex, pageOfHits } from './page-from-index.ts';
import type { ListPage } from './place-repository.ts';
import type { KeptListItem } from './place-row.ts';
import type { Actor } from './place-rules.ts';
import type { PlaceSettings } from './place-settings.ts';
import { indexHoldsItsFilters, indexNarrowing } from './published-count.ts';

/**
 * A nearest-first page of published places from memory (the map index, which `services.ts` passes
 * in), counting every change committed before the call. It may throw a NotReadyError (the index
 * is building): the list then walks the database.
 */
export type NearPublished = (
  query: NearestQuery,
) => Promise<{ hits: NearHit[]; more: boolean; total?: number }>;

/**
 * The list query as the map index answers it, when the index holds all it asks: published places
 * nearest first, within a circle (`near` and `radius`, narrowed by categories and field filters)
 * or serving a spot (`covers`: their own radius reaches it, narrowed by categories). Search,
 * boxes, both at once, authors, other statuses, staleness and opening hours go to SQL (the index
 * answers opening hours by its own clock, a page's SQL by the request's).
 */
export function nearInIndex(query: ListQuery): NearestQuery | undefined {
  const circle = query.near !== undefined && query.radius !== undefined;
  const filtered = query.fieldFilters !== undefined && query.fieldFilters.length > 0;
  if (
    !indexHoldsItsFilters(query) ||
    circle === (query.covers !== undefined) ||
    (query.covers !== undefined && filtered) ||
    query.bbox !== undefined ||
    (query.after !== undefined && query.after.distance === null)
  ) {
    return undefined;
  }
  const { after } = query;
  const where = query.covers
    ? { origin: query.covers, within: MAX_PLACE_RADIUS_M, covering: true }
    : { origin: query.near as LatLng, within: query.radius as number };
  return {
    ...where,
    after: after ? { id: after.id, distance: after.distance as number } : undefined,
    limit: query.limit,
    withTotal: query.withTotal !== false,
    // The list says "1 000+" past its bound: one more than the bound tells the two apart.
    countUpTo: LIST_COUNT_BOUND + 1,
    ...indexNarrowing(query),
  };
}

/**
 * The list's page from memory: the places and their distances from the index, their rows (as the
 * viewer may see them) from the database by id (a visitor's from `kept` where it has them), the total bounded as the SQL count is. Undefined
 * when the index cannot answer this query or is not ready. A place unpublished since the index
 * last caught up is left out of the page.
 */
export async function nearPageFromIndex(
  db: Queryable,
  settings: PlaceSettings,
  nearPublished: NearPublished | undefined,
  query: ListQuery,
  viewer: Actor | null,
  kept?: KeptByPlace<KeptListItem>,
): Promise<ListPage | undefined> {
  const asked = nearInIndex(query);
  if (!nearPublished || !asked) return undefined;
  const found = await askIndex(() => nearPublished(asked));
  if (!found) return undefined;
  const cursorOf = (last: NearHit) => ({ distance: last.distance, id: last.id });
  return pageOfHits(db, settings, found, viewer, cursorOf, kept);
}
