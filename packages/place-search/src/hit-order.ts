import type { LatLng } from './lat-lng.ts';

/** A place a search found, where it stands in the order (rank, distance, id). */
export interface SearchHit {
  id: number;
  /** 0–4 a match as written (0 best), 5–30 a typo's (search-sql.ts, typo-rank.ts). */
  rank: number;
  /** Metres from the origin; null without one. */
  distance: number | null;
}

/** Compares hits in the order a search answers them: rank, then distance (or id, newest first if asked). */
export function hitOrder(query: { origin?: LatLng | undefined; newest?: boolean | undefined }) {
  const newest = !query.origin && query.newest === true;
  return (a: SearchHit, b: SearchHit): number =>
    a.rank - b.rank || (a.distance ?? 0) - (b.distance ?? 0) || (newest ? b.id - a.id : a.id - b.id);
}
