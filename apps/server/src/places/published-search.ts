import { LIST_COUNT_BOUND } from '@karta/contracts';
import type { RankedHit, RankedQuery } from '@karta/map-core/clustering';
import type { Queryable } from '../db/database.ts';
import type { KeptByPlace } from './kept-by-place.ts';
import { type ListQuery, MAX_PLACE_RADIUS_M } from './list-sql.ts';
import { askIndex, type IndexPage, pageOfHits } from './page-from-index.ts';
import type { KeptListItem } from './place-row.ts';
import type { Actor } from './place-rules.ts';
import type { SearchPage } from './place-search.ts';
import type { PlaceSettings } from './place-settings.ts';
import { indexHoldsItsFilters, indexNarrowing } from './published-count.ts';

/** A search the word index answers: `q` with a ranked page's filters, order and cursor. */
export interface RankedSearch extends RankedQuery {
  q: string;
}

/** A page of a ranked search: its places, whether more follow, and their total if asked. */
export type RankedPage = IndexPage<RankedHit>;

/**
 * A ranked page of the published places matching a search as written, from memory (the map
 * index's words, which `services.ts` passes in), counting every change committed before the call;
 * null when the word index leaves the search to the database. It may throw a NotReadyError (the
 * index is building): the search then runs in SQL.
 */
export type SearchPublished = (query: RankedSearch) => Promise<RankedPage | null>;

/**
 * A list's or the type-ahead's search as the word index answers it, when the index holds all it
 * asks: published places, narrowed by categories and field filters, within a circle (`near` and
 * `radius`) or serving a spot (`covers`), ordered from an origin (the circle's centre or the spot,
 * as list-sql.ts measures) or by id, after a cursor (of a match as written or of a typo). Boxes, a
 * circle and a spot at once, authors, other statuses, staleness and opening hours go to SQL, as
 * for counts (published-count.ts).
 */
export function searchInIndex(query: ListQuery & { q: string }): RankedSearch | undefined {
  const { after } = query;
  const near = query.radius !== undefined ? query.near : undefined;
  const origin = near ?? query.covers ?? query.origin;
  if (
    !indexHoldsItsFilters({ ...query, q: undefined }) ||
    query.bbox !== undefined ||
    (near !== undefined && query.covers !== undefined) ||
    (after !== undefined && (origin !== undefined) !== (after.distance !== null))
  ) {
    return undefined;
  }
  const withTotal = query.withTotal !== false;
  const circle = near
    ? { origin: near, within: query.radius as number }
    : query.covers
      ? { origin: query.covers, within: MAX_PLACE_RADIUS_M, covering: true }
      : undefined;
  return {
    q: query.q,
    origin,
    ...(circle ? { circle } : {}),
    newest: query.order === 'newest',
    after: after ? { id: after.id, rank: after.rank ?? 0, distance: after.distance } : undefined,
    limit: query.limit,
    withTotal,
    // The list says "1 000+" past its bound; without a total, one match tells typos are not needed.
    countUpTo: withTotal ? LIST_COUNT_BOUND + 1 : 1,
    ...indexNarrowing(query),
  };
}

/**
 * The search's page from memory: the places, ranks and distances from the word index (matches as
 * written, or when none, typos: search-page.ts), their rows (as the viewer may see them) from the
 * database by id (a visitor's from `kept` where it has them), the total bounded as the SQL count is. Undefined when the index cannot answer
 * or is not ready. A place unpublished since the index last caught up is left out of the page.
 */
export async function searchPageFromIndex(
  db: Queryable,
  settings: PlaceSettings,
  searchPublished: SearchPublished | undefined,
  query: ListQuery & { q: string },
  viewer: Actor | null,
  kept?: KeptByPlace<KeptListItem>,
): Promise<SearchPage | undefined> {
  const asked = searchInIndex(query);
  if (!searchPublished || !asked) return undefined;
  const found = await askIndex(() => searchPublished(asked));
  if (!found) return undefined;
  const cursorOf = (last: RankedHit) => ({ rank: last.rank, distance: last.distance, id: last.id });
  return pageOfHits(db, settings, found, viewer, cursorOf, kept);
}
