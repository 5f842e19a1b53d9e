import { type Bounds, boxAround, LIST_COUNT_BOUND, type MapQuery, type MapResponse } from '@karta/contracts';
import { ClusterIndex, indexedPlaceOf } from '@karta/map-core/clustering';
import { indexFilters, type PlaceFieldFilter } from '../places/field-filters.ts';
import type { ListQuery, PlaceRepository } from '../places/place-repository.ts';

/** A map answer's filters that pick a set of matches (a search, a circle, the places covering a spot). */
export type MatchFilters = Pick<MapQuery, 'q' | 'near' | 'radius' | 'covers' | 'category' | 'openNow'>;

/** How many match sets are kept clustered at once (each at most LIST_COUNT_BOUND places). */
const CACHED_SETS = 64;
/** A set is read again after this long even if nothing changed (open-now moves with the clock). */
const SET_TTL_MS = 60_000;

interface MatchSet {
  index: ClusterIndex;
  stale: ReadonlySet<number>;
  /** The box around every match, for framing them; null when none matched. */
  bounds: Bounds | null;
  total: number;
}

/**
 * The map of a list's matches: the places a search (or a circle, or "serves this spot") finds,
 * as many as the list counts, clustered by the same index and rules as the whole map (60 px,
 * clusters of 2 or more, five tiers) for any viewport, so the map draws as many places as the
 * list says match. A set is read once from the database (the list's own query, nearest the
 * deployment's centre first) and kept, keyed by the data's change id: each pan or zoom is then one
 * query of a small index. At most CACHED_SETS sets are kept, oldest dropped first.
 */
export function createMatchesMap(
  places: PlaceRepository,
  options: { maxZoom: number; origin: ListQuery['origin'] },
) {
  const sets = new Map<string, { reading: Promise<MatchSet>; at: number }>();

  async function read(filters: MatchFilters, fieldFilters: readonly PlaceFieldFilter[]): Promise<MatchSet> {
    const page = await places.list(
      {
        statuses: ['published'],
        order: 'oldest',
        q: filters.q,
        near: filters.near,
        radius: filters.radius,
        covers: filters.covers,
        categories: filters.category,
        openNow: filters.openNow,
        fieldFilters,
        // A circle or a spot orders by itself; a search, like the list, from the site's centre.
        origin: filters.near ?? filters.covers ?? options.origin,
        limit: LIST_COUNT_BOUND,
      },
      null,
    );
    const matches = page.items;
    return {
      index: ClusterIndex.build(
        matches.map((place) => indexedPlaceOf(place)),
        { maxZoom: options.maxZoom, scope: 'all' },
      ),
      stale: new Set(matches.filter((place) => place.stale).map((place) => place.id)),
      bounds: boxAround(matches),
      total: matches.length,
    };
  }

  function setOf(
    filters: MatchFilters,
    fieldFilters: readonly PlaceFieldFilter[],
    version: number,
  ): Promise<MatchSet> {
    const key = JSON.stringify([
      version,
      filters.q,
      filters.near,
      filters.radius,
      filters.covers,
      filters.category ?? [],
      filters.openNow === true,
      indexFilters(fieldFilters),
    ]);
    const kept = sets.get(key);
    if (kept && Date.now() - kept.at <= SET_TTL_MS) {
      // Most recently used last, so the oldest is the first to go.
      sets.delete(key);
      sets.set(key, kept);
      return kept.reading;
    }
    const reading = read(filters, fieldFilters);
    sets.delete(key);
    sets.set(key, { reading, at: Date.now() });
    // A failed read is not kept: the next request tries again.
    reading.catch(() => {
      if (sets.get(key)?.reading === reading) sets.delete(key);
    });
    for (const oldest of sets.keys()) {
      if (sets.size <= CACHED_SETS) break;
      sets.delete(oldest);
    }
    return reading;
  }

  return {
    /**
     * The clusters and single places of `query`'s viewport among the matches of its filters, with
     * the box around every match and their number. `version` is the published places' change id:
     * a new one reads the set afresh.
     */
    async answer(
      query: MapQuery,
      fieldFilters: readonly PlaceFieldFilter[],
      version: number,
    ): Promise<MapResponse> {
      const set = await setOf(query, fieldFilters, version);
      const result = set.index.query({ bbox: query.bbox, zoom: query.zoom, lang: query.lang });
      return {
        clusters: result.clusters,
        places: result.places.map((place) => ({ ...place, stale: set.stale.has(place.id) })),
        matches: { total: set.total, bounds: set.bounds },
      };
    },
  };
}

export type MatchesMap = ReturnType<typeof createMatchesMap>;
