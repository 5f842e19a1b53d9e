import type { PlaceListItem } from '@karta/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { localizeText } from '../../../lib/i18n/localize-text.ts';

/**
 * GET /api/v1/places/similar: published places within 200 m whose name is like the place's (in its
 * main language), nearest first, the place itself left out. The editor asks the same while a place
 * is written; here a moderator sees what the author was shown.
 */
export function getSimilarPlaces(place: PlaceListItem, signal?: AbortSignal) {
  const name = localizeText(place.name, place.primaryLanguage, place.primaryLanguage);
  return api.similarPlaces({ near: { lat: place.lat, lng: place.lng }, name, exclude: place.id }, { signal });
}

/**
 * The possible duplicates of a place in the review list, asked for only once `enabled` (the card
 * has come into view): the endpoint is rate limited, and a page holds 20 cards.
 */
export function useSimilarPlaces(place: PlaceListItem, enabled: boolean) {
  return useQuery({
    // Not under the review lists' key: every move reloads those, and reloading every card's
    // duplicates with them would spend the endpoint's rate limit. Position and names are in the
    // key, so an edit of the place asks again.
    queryKey: ['review-similar', place.id, place.lat, place.lng, place.name],
    queryFn: ({ signal }) => getSimilarPlaces(place, signal),
    enabled,
    staleTime: 60_000,
    select: (answer) => answer.items,
  });
}
