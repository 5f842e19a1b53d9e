import type { ClusterIndex, ClusterQuery, DistanceOf, MatchSelection } from '@karta/map-core/clustering';
import { mayHoldTypo } from '@karta/place-search';
import { MAX_PLACE_RADIUS_M } from '../places/list-sql.ts';
import type { IndexedWords } from './indexed-words.ts';
import type { MapMatch } from './protocol.ts';
import { typoMatches } from './search-page.ts';

/**
 * The slots of the published places a map's set of matches holds, as the list with the same
 * filters finds them: the search's matches as written (word-index.ts), or when none, the places a
 * typo or two away (search-page.ts), within the circle or serving the spot, that pass the
 * categories, open-now and value filters. Null where the index cannot tell (a word that folds to
 * several, or a circle and a spot at once): the database then reads the set.
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
  const selection: MatchSelection = {
    categories: filters.categories,
    openNow: filters.openNow,
    filters: filters.filters,
    circle: circle
      ? { origin: match.near as { lat: number; lng: number }, within: match.radius as number }
      : match.covers
        ? { origin: match.covers, within: MAX_PLACE_RADIUS_M, covering: true }
        : undefined,
  };
  if (match.q === undefined) return places.matchingSlots(selection, distanceOf);
  const written = words.words.match(match.q);
  if (!written) return null;
  const slots = places.matchingSlots({ ...selection, among: written.slots }, distanceOf);
  if (slots.length > 0 || !mayHoldTypo(match.q)) return slots;
  // Nothing as written: the list shows the places a typo or two away, and so does the map.
  const origin = selection.circle?.origin ?? match.origin;
  return typoMatches(places, words, match.q, selection, origin, distanceOf)?.slots ?? null;
}
