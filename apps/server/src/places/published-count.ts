import type { CountQuery } from '@karta/map-core/clustering';
import { type BoundedCount, boundedTotal } from './bounded-count.ts';
import { indexFilters } from './field-filters.ts';
import type { ListQuery } from './list-sql.ts';
import { askIndex } from './page-from-index.ts';

/**
 * Counts published places by box, categories and field filters from memory (the map index, which
 * `services.ts` passes in), counting every change committed before the call. It may throw a
 * NotReadyError (the index is building): the list then counts in SQL.
 */
export type CountPublished = (query: CountQuery) => Promise<number>;

/**
 * How far outside a box PostgreSQL's geometric comparisons still find a point (its EPSILON): the
 * list's `location <@ box` does, so a count from memory must too, or the two would differ for a
 * place on an edge.
 */
const POSTGRES_BOX_TOLERANCE = 1e-6;

/**
 * The list query as the map index counts it, when the index holds all it asks: published places
 * only, narrowed by nothing but a box, categories and field filters (the page's order does not
 * change a count). Search, circles, authors, other statuses, staleness and opening hours are
 * counted in SQL: the index answers opening hours by its own clock, a page's SQL by the request's.
 */
export function countableInIndex(query: ListQuery): CountQuery | undefined {
  const circle = query.near !== undefined && query.radius !== undefined;
  if (!indexHoldsItsFilters(query) || circle || query.covers !== undefined) return undefined;
  return {
    ...(query.bbox ? { bbox: query.bbox, edgeTolerance: POSTGRES_BOX_TOLERANCE } : {}),
    ...indexNarrowing(query),
  };
}

/**
 * Whether the map index holds what a list's filters ask besides where its places are: published
 * places only, and no search, author, staleness or opening hours (the index answers opening hours
 * by its own clock, a page's SQL by the request's).
 */
export function indexHoldsItsFilters(query: ListQuery): boolean {
  const published = query.statuses.length === 1 && query.statuses[0] === 'published';
  return (
    published &&
    query.q === undefined &&
    query.authorId === undefined &&
    query.stale === undefined &&
    query.openNow !== true &&
    query.openAt === undefined
  );
}

/** A list's categories and field filters as the index reads them (none: every place). */
export function indexNarrowing(query: ListQuery): Pick<CountQuery, 'categories' | 'filters'> {
  return {
    ...(query.categories && query.categories.length > 0 ? { categories: query.categories } : {}),
    ...(query.fieldFilters && query.fieldFilters.length > 0
      ? { filters: indexFilters(query.fieldFilters) }
      : {}),
  };
}

/**
 * The list's count from memory, bounded as the SQL count is (`boundedTotal`), or
 * undefined when the index cannot count this query or is not ready.
 */
export async function countFromIndex(
  countPublished: CountPublished | undefined,
  query: ListQuery,
): Promise<BoundedCount | undefined> {
  const countable = countableInIndex(query);
  if (!countPublished || !countable) return undefined;
  const counted = await askIndex(() => countPublished(countable));
  return counted === undefined ? undefined : boundedTotal(counted);
}
