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
