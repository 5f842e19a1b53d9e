import { type DistanceOf, latitudeLeast, withinReach } from './nearest.ts';
import type { PlaceStore } from './place-store.ts';
import type { ClusterQuery, MatchSelection } from './types.ts';
import { matchesFilters } from './value-filters.ts';
import { NO_VALUES } from './value-sets.ts';

/** A place of a ranked page: its id, its rank (lower first) and, with an origin, its distance. */
export interface RankedHit {
  id: number;
  rank: number;
  distance: number | null;
}

/**
 * A page of given places that pass the filters (and lie within `circle`, or serve its centre when
 * `covering`), in the order of a ranked search: rank, then distance from `origin` (ties by id),
 * or without one id (highest first when `newest`), after the cursor `after` (the last place of
 * the page before).
 */
export interface RankedQuery
  extends Pick<ClusterQuery, 'categories' | 'openNow' | 'filters'>,
    Pick<MatchSelection, 'circle'> {
  origin?: { lat: number; lng: number } | undefined;
  newest?: boolean | undefined;
  after?: RankedHit | undefined;
  limit: number;
  withTotal?: boolean | undefined;
  /**
   * Matches are counted up to this many (a list says "1 000+" past its bound; the total is then
   * this), so the rest are checked against the filters and the circle only when they could still
   * enter the page.
   */
  countUpTo?: number | undefined;
}

/** Places given by slot, each with its rank (a word index's matches). */
export interface RankedSlots {
  readonly slots: Int32Array;
  readonly ranks: Uint8Array;
}

/**
 * The page of `q` among `matches`: every match is checked against the filters (and counted),
 * and only those that may still enter the page are measured; the page is kept sorted as it fills,
 * so the cost grows with the matches, not with their logarithm.
 */
export function rankedPage(
  store: PlaceStore,
  matches: RankedSlots,
  q: RankedQuery,
  distanceOf: DistanceOf,
): { hits: RankedHit[]; more: boolean; total?: number } {
  const filtered = slotFilter(store, q);
  const within = q.circle ? withinReach(store, distanceOf, q.circle) : undefined;
  const passes = within ? (slot: number) => filtered(slot) && within(slot) : filtered;
  const order = orderOf(q);
  const { after, origin } = q;
  const need = q.limit + 1;
  const page: RankedHit[] = [];
  const countUpTo = q.countUpTo ?? Number.POSITIVE_INFINITY;
  let total = 0;
  /** Whether a match of this rank in this slot cannot enter the page, by its rank and latitude alone. */
  const cannotEnter = (slot: number, rank: number, worst: RankedHit | undefined): boolean => {
    if (after && rank < after.rank) return true;
    if (!worst) return false;
    if (rank !== worst.rank) return rank > worst.rank;
    // Of the worst's rank, a place farther in latitude alone than the worst cannot enter.
    return (
      origin !== undefined &&
      latitudeLeast(origin.lat, store.lat[slot] as number) > (worst.distance as number)
    );
  };
  for (let i = 0; i < matches.slots.length; i += 1) {
    const slot = matches.slots[i] as number;
    const rank = matches.ranks[i] as number;
    const worst = page.length === need ? (page[need - 1] as RankedHit) : undefined;
    if (total < countUpTo) {
      if (!passes(slot)) continue;
      total += 1;
      if (cannotEnter(slot, rank, worst)) continue;
    } else if (cannotEnter(slot, rank, worst) || !passes(slot)) {
      // Counted as far as asked: only a match that could still enter the page is checked.
      continue;
    }
    const hit: RankedHit = {
      id: store.ids[slot] as number,
      rank,
      distance: origin ? distanceOf(origin, store.lat[slot] as number, store.lng[slot] as number) : null,
    };
    if (after && order(hit, after) <= 0) continue;
    if (worst && order(hit, worst) >= 0) continue;
    let at = page.length;
    while (at > 0 && order(hit, page[at - 1] as RankedHit) < 0) at -= 1;
    page.splice(at, 0, hit);
    if (page.length > need) page.pop();
  }
  const more = page.length > q.limit;
  if (more) page.pop();
  return q.withTotal ? { hits: page, more, total } : { hits: page, more };
}

/** Compares hits in the page's order (negative: `a` first). */
function orderOf(q: RankedQuery): (a: RankedHit, b: RankedHit) => number {
  if (q.origin)
    return (a, b) => a.rank - b.rank || (a.distance as number) - (b.distance as number) || a.id - b.id;
  if (q.newest) return (a, b) => a.rank - b.rank || b.id - a.id;
  return (a, b) => a.rank - b.rank || a.id - b.id;
}

/** Whether a live slot passes the query's categories, open-now and value filters. */
export function slotFilter(
  store: PlaceStore,
  q: Pick<ClusterQuery, 'categories' | 'openNow' | 'filters'>,
): (slot: number) => boolean {
  const categories =
    q.categories && q.categories.length > 0
      ? new Set(q.categories.map((slug) => store.categoryOf(slug)).filter((index) => index !== undefined))
      : undefined;
  const filters = q.filters && q.filters.length > 0 ? q.filters : undefined;
  /** Verdicts by value set, as FilteredLayers keeps them: few sets, many places. */
  const verdicts = new Map<number, boolean>();
  return (slot) => {
    if (categories && !categories.has(store.category[slot] as number)) return false;
    if (q.openNow && store.open[slot] !== 1) return false;
    if (!filters) return true;
    const valueSet = store.valueSet[slot] as number;
    if (valueSet === NO_VALUES) return false;
    let verdict = verdicts.get(valueSet);
    if (verdict === undefined) {
      verdict = matchesFilters(store.valuesOf(valueSet), filters);
      verdicts.set(valueSet, verdict);
    }
    return verdict;
  };
}
