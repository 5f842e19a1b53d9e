import type { PlaceList } from '@karta/contracts';
import type { LatLng } from '@karta/map-core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Results per page: a screenful, so "Show more" stays cheap. */
export const NEAR_PAGE_SIZE = 20;

/**
 * What the screen asks: places within `radius` of a point, or places whose own circle covers it;
 * in the given categories (none: every category).
 */
export type NearSearch = (
  | { kind: 'near'; point: LatLng; radius: number }
  | { kind: 'covers'; point: LatLng }
) & { categories: readonly string[] };

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** GET /api/v1/places?near=…&radius=… or ?covers=…: one page, nearest first, each with its distance. */
function listNearPlaces(search: NearSearch, cursor: string | null, signal: AbortSignal): Promise<PlaceList> {
  const page = { category: [...search.categories], limit: NEAR_PAGE_SIZE, cursor: cursor ?? undefined };
  return api.listPlaces(
    search.kind === 'near'
      ? { near: search.point, radius: search.radius, ...page }
      : { covers: search.point, ...page },
    { signal },
  );
}

/**
 * The places of a search, page by page ("Show more" follows the cursor). Nothing is asked without
 * a point. While a new search of the same kind loads (another point, another radius), the previous
 * answer stays, dimmed by the page; the other tab's answer never stands in for this one's.
 */
export function useNearPlaces(search: NearSearch | null) {
  return useInfiniteQuery({
    queryKey: [
      'places',
      'near',
      search?.kind ?? null,
      search ? [round6(search.point.lat), round6(search.point.lng)] : null,
      search?.kind === 'near' ? search.radius : null,
      search?.categories.join(',') ?? '',
    ],
    queryFn: ({ pageParam, signal }) => listNearPlaces(search as NearSearch, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: search !== null,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === search?.kind ? previous : undefined,
    staleTime: 60_000,
  });
}
