import type { ClusterIndex, DistanceOf, MatchSelection, RankedSlots } from '@karta/map-core/clustering';
import { degreesApart, FIRST_TYPO_RANK, mayHoldTypo, TYPO_CANDIDATES, typoRank } from '@karta/place-search';
import type { RankedPage, RankedSearch } from '../places/published-search.ts';
import type { IndexedWords } from './indexed-words.ts';

/**
 * A search's page from the index, as the database's search answers it (place-search.ts): the
 * matches as written, ranked; when none passes the filters, the places a typo or two away (ranks
 * from FIRST_TYPO_RANK, see `typoMatches`). Null when a word of the search folds to several.
 */
export function searchPage(
  places: ClusterIndex,
  words: IndexedWords,
  { q, ...query }: RankedSearch,
  distanceOf: DistanceOf,
): RankedPage | null {
  if ((query.after?.rank ?? 0) < FIRST_TYPO_RANK) {
    const matches = words.words.match(q);
    if (!matches) return null;
    const page = places.rankedPage(matches, { ...query, withTotal: true }, distanceOf);
    if ((page.total ?? 0) > 0 || !mayHoldTypo(q)) {
      return query.withTotal ? page : { hits: page.hits, more: page.more };
    }
  }
  const typos = typoMatches(places, words, q, query, query.origin, distanceOf);
  return typos && places.rankedPage(typos, query, distanceOf);
}

/**
 * The places a typo or two from `q` among those the selection keeps (its filters, and its circle
 * when it has one), with their ranks, as the
 * database's typo search finds them (typo-search.ts): those whose names hold a spelling of every
 * word (WordIndex.typoCandidates), the first TYPO_CANDIDATES of them in the database's walk order
 * (nearest `origin` by flat distance in degrees, else by id, newest first when asked; ties by id),
 * ranked by typo-rank.ts. Null when a word of the search folds to several.
 */
export function typoMatches(
  places: ClusterIndex,
  words: IndexedWords,
  q: string,
  selection: Omit<MatchSelection, 'among'> & { newest?: boolean | undefined },
  origin: { lat: number; lng: number } | undefined,
  distanceOf: DistanceOf,
): RankedSlots | null {
  const candidates = words.words.typoCandidates(q);
  if (!candidates) return null;
  const passing = places.matchingSlots({ ...selection, among: candidates.slots }, distanceOf);
  const walked = firstInWalkOrder(
    passing,
    TYPO_CANDIDATES,
    (slot) => places.placeAt(slot),
    (place) => (origin ? degreesApart(origin, place) : selection.newest ? -place.id : place.id),
  );
  const slots: number[] = [];
  const ranks: number[] = [];
  for (const slot of walked) {
    const rank = typoRank(candidates.phrase, words.namesOf(slot));
    if (rank === undefined) continue;
    slots.push(slot);
    ranks.push(rank);
  }
  return { slots: Int32Array.from(slots), ranks: Uint8Array.from(ranks) };
}

/**
 * The first `count` of `slots` by `keyOf` of their place (ties by id), in that order, kept sorted
 * as they come: a common misspelt word has tens of thousands of candidates, of which only the first
 * few hundred are ranked, so neither a kept object per candidate nor a sort of them all is made.
 */
function firstInWalkOrder<Place extends { id: number }>(
  slots: Int32Array,
  count: number,
  placeAt: (slot: number) => Place,
  keyOf: (place: Place) => number,
): Int32Array {
  const kept = new Int32Array(count);
  const keys = new Float64Array(count);
  const ids = new Float64Array(count);
  let size = 0;
  for (const slot of slots) {
    const place = placeAt(slot);
    const key = keyOf(place);
    const id = place.id;
    const last = size - 1;
    if (
      size === count &&
      (key > (keys[last] as number) || (key === keys[last] && id > (ids[last] as number)))
    ) {
      continue;
    }
    let at = size === count ? last : size;
    while (
      at > 0 &&
      (key < (keys[at - 1] as number) || (key === keys[at - 1] && id < (ids[at - 1] as number)))
    ) {
      kept[at] = kept[at - 1] as number;
      keys[at] = keys[at - 1] as number;
      ids[at] = ids[at - 1] as number;
      at -= 1;
    }
    kept[at] = slot;
    keys[at] = key;
    ids[at] = id;
    if (size < count) size += 1;
  }
  return kept.subarray(0, size);
}
