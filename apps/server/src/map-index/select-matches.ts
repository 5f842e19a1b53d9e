import type { ClusterIndex, ClusterQuery, DistanceOf } from '@karta/map-core/clustering';
import { mayHoldTypo } from '@karta/place-search';
import { MAX_PLACE_RADIUS_M } from '../places/list-sql.ts';
import type { IndexedWords } from './indexed-words.ts';
import type { MapMatch } from './protocol.ts';

/**
 * The slots of the published places a map's set of matches holds, as the list with the same
 * filters finds them: the search's matches as written (word-index.ts), within the circle or
 * serving the spot, that pass the categories, open-now and value filters. Null where the list
 * would find other places than these, which the database then reads: a search that matches
 * nothing as written (the list shows its typos), a word the index cannot look up, or a circle
 * and a spot at once.
 */
export function selectMatches(
  places: ClusterIndex,
  words: IndexedWords,
  match: MapMatch,
  filters: Pick<ClusterQuery, 'categories' | 'openNow' | 'filters'>,
  distanceOf: DistanceOf,
): Int32Array | null {
  const circle = match.near !== undefined && match.radius !== undefined;
  if (circle && match.covers !== undefined) return null;
  let among: Int32Array | undefined;
  if (match.q !== undefined) {
    const found = words.words.match(match.q);
    if (!found) return null;
    among = found.slots;
  }
  const slots = places.matchingSlots(
    {
      categories: filters.categories,
      openNow: filters.openNow,
      filters: filters.filters,
      among,
      circle: circle
        ? { origin: match.near as { lat: number; lng: number }, within: match.radius as number }
        : match.covers
          ? { origin: match.covers, within: MAX_PLACE_RADIUS_M, covering: true }
          : undefined,
    },
    distanceOf,
  );
  if (slots.length === 0 && match.q !== undefined && mayHoldTypo(match.q)) return null;
  return slots;
}
