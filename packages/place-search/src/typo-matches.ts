import { degreesApart, distanceMetres } from './distance.ts';
import type { SearchHit } from './hit-order.ts';
import type { LatLng } from './lat-lng.ts';
import type { PreparedPlace, PreparedPlaces } from './prepared-places.ts';
import { TYPO_MIN_WORD, typoRank } from './typo-rank.ts';
import { foldedWords, SIMILAR_WORDS, TYPO_CANDIDATES, typoAlternatives } from './typo-spellings.ts';

/**
 * The places the server's candidate walk reaches first (first-matches.ts): nearest the origin by
 * flat distance in degrees, or by id (newest first if asked). Ties, which the server's index
 * leaves in no set order, go by id.
 */
function inWalkOrder(
  places: PreparedPlace[],
  { origin, newest }: { origin?: LatLng | undefined; newest?: boolean | undefined },
): PreparedPlace[] {
  if (origin) {
    const apart = new Map(places.map((place) => [place, degreesApart(origin, place)]));
    return places.sort((a, b) => (apart.get(a) as number) - (apart.get(b) as number) || a.id - b.id);
  }
  return places.sort((a, b) => (newest ? b.id - a.id : a.id - b.id));
}

/**
 * Places whose names are a typo or two away from a query that matches nothing as written, as
 * the server's typo-search.ts finds them: each word folded; a long one corrected against the
 * vocabulary (its most alike words by trigrams, then those with the fewest edits, at most
 * TYPO_ALTERNATIVES); the places holding a spelling of every word, the first TYPO_CANDIDATES of
 * them in walk order, ranked by typo-rank.ts. Unordered.
 */
export function typoMatches(
  prepared: PreparedPlaces,
  query: {
    q: string;
    origin?: LatLng | undefined;
    newest?: boolean | undefined;
    include?: ((place: PreparedPlace) => boolean) | undefined;
  },
): SearchHit[] {
  const folded = foldedWords(query.q);
  const spellings = folded.map((word) =>
    typoAlternatives({
      folded: word,
      similar:
        [...word].length >= TYPO_MIN_WORD ? prepared.vocabulary().similarWords(word, SIMILAR_WORDS) : [],
    }),
  );
  if (spellings.length === 0 || spellings.some((each) => each.length === 0)) return [];
  const included = query.include ?? (() => true);
  const holding = prepared.places.filter(
    (place) => included(place) && spellings.every((each) => each.some((word) => place.names.includes(word))),
  );
  const phrase = folded.join(' ');
  const { origin } = query;
  return inWalkOrder(holding, query)
    .slice(0, TYPO_CANDIDATES)
    .flatMap((place) => {
      const rank = typoRank(phrase, place.names);
      return rank === undefined
        ? []
        : [{ id: place.id, rank, distance: origin ? distanceMetres(origin, place) : null }];
    });
}
