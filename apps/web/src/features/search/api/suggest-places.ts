import type { FieldFilterParam } from '@karta/contracts';
import type { LatLng } from '@karta/map-core';
import { normalizeCenter } from '@karta/map-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fieldFilterParams } from '../../../lib/places/list-places.ts';
import { fieldFiltersKey } from '../../../lib/view-url-filters.ts';

/** Suggestions under the search box: a handful fits a phone's screen above its keyboard. */
export const SUGGESTION_LIMIT = 6;

/** Type-ahead starts at two characters: one letter matches too much to help. */
export const SUGGESTION_MIN_LENGTH = 2;

function round3(value: number): number {
  return Math.round(value * 1e3) / 1e3;
}

/**
 * A few places for the text typed so far, nearest `origin` first among equals. Keyed by the text,
 * so when the text changes the request for the old one is cancelled (its signal aborts) rather
 * than answered for nothing; the last suggestions stay on screen while the next ones load. With
 * the map's field filters (`filters`), only places that hold them are suggested: choosing one keeps
 * the filters, and the place is on the map. Categories are not applied: a place looked up by name
 * is found whatever the chips say, and choosing it drops a category filter that would hide it.
 */
export function usePlaceSuggestions(
  text: string | undefined,
  origin: LatLng | null,
  filters?: readonly FieldFilterParam[],
) {
  const enabled = text !== undefined && text.length >= SUGGESTION_MIN_LENGTH;
  const near = origin ? normalizeCenter(origin) : undefined;
  return useQuery({
    // About 100 m of origin: a map nudged while typing does not ask again.
    queryKey: [
      'places',
      'suggestions',
      text ?? null,
      near ? [round3(near.lat), round3(near.lng)] : null,
      fieldFiltersKey(filters),
    ],
    queryFn: ({ signal }) =>
      api.suggestPlaces(
        {
          q: text as string,
          origin: near,
          limit: SUGGESTION_LIMIT,
          ...fieldFilterParams(filters),
        },
        { signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
