import { distanceMetres } from './distance.ts';
import { hitOrder, type SearchHit } from './hit-order.ts';
import type { LatLng } from './lat-lng.ts';
import type { PreparedPlace, PreparedPlaces } from './prepared-places.ts';
import { typoMatches } from './typo-matches.ts';
import { mayHoldTypo } from './typo-spellings.ts';
import { writtenMatch } from './written-match.ts';

/** A search as `GET /api/v1/places?q=…&origin=…&order=newest` asks it. */
export interface PlaceSearchQuery {
  /** The text as typed (what the API's `q` takes: at most 100 characters, a letter or digit among them). */
  q: string;
  /** Each rank nearest this point first; without it, by id. */
  origin?: LatLng;
  /** Without an origin: newest (highest id) first. */
  newest?: boolean;
  /**
   * The list's other filters (box, category, near…), as the server's `where`: only places it
   * accepts match, and typos are tried when none of those matches as written.
   */
  include?: (place: PreparedPlace) => boolean;
}

/** The API refuses a query without a letter or a digit (its SearchText); here it finds nothing. */
const SEARCHABLE = /[\p{L}\p{N}]/u;

/**
 * The places that match `query`, in the server's order: rank (0–4 as written; when nothing
 * matches as written, typos from 5 on), then distance from the origin, else id.
 */
export function searchPlaces(prepared: PreparedPlaces, query: PlaceSearchQuery): SearchHit[] {
  if (!SEARCHABLE.test(query.q)) return [];
  const { origin } = query;
  const written = writtenMatch(query.q);
  const hits: SearchHit[] = [];
  const included = query.include ?? (() => true);
  for (const place of prepared.places) {
    if (!written.matches(place) || !included(place)) continue;
    hits.push({
      id: place.id,
      rank: written.rank(place),
      distance: origin ? distanceMetres(origin, place) : null,
    });
  }
  const found = hits.length === 0 && mayHoldTypo(query.q) ? typoMatches(prepared, query) : hits;
  return found.sort(hitOrder(query));
}
