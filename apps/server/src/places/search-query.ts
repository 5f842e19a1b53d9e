import type { LatLng } from '@karta/contracts';
import type { PageCursor } from './cursor.ts';

/** A search as the list and the type-ahead ask for it (place-search.ts, typo-search.ts). */
export interface SearchQuery {
  q: string;
  /** Conditions on `p` besides the search (visibility, status, box, category…)… */
  where: readonly string[];
  /** …and their parameters ($1…). */
  params: readonly unknown[];
  /** Distances from here order each rank; without it, ids do. */
  origin?: LatLng;
  /** Without an origin: newest (highest id) first. */
  newest?: boolean;
  after?: PageCursor;
  limit: number;
  /** `false`: no `total` (suggestions, export pages). */
  withTotal: boolean;
}

/** A place a search found, where it stands in the order (rank, distance, id). */
export interface SearchHit {
  id: number;
  rank: number;
  /** Metres from the origin; null without one. */
  distance: number | null;
}

/** Compares hits in the order a search answers them: rank, then distance (or id, newest first if asked). */
export function hitOrder(query: Pick<SearchQuery, 'origin' | 'newest'>) {
  const newest = !query.origin && query.newest === true;
  return (a: SearchHit, b: SearchHit): number =>
    a.rank - b.rank || (a.distance ?? 0) - (b.distance ?? 0) || (newest ? b.id - a.id : a.id - b.id);
}
