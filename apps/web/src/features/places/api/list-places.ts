import type { Place, PlaceListItem, PlaceListQuery } from '@karta/contracts';
import { type Bounds, type LatLng, normalizeBounds, normalizeCenter } from '@karta/map-core';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Places per page of the list: a screenful, so "Show more" stays cheap. */
export const PLACES_PAGE_SIZE = 20;

/** At most this many places are listed in a cluster's info window. */
export const CLUSTER_LIST_LIMIT = 50;

/** Drops the list-only `distance`, so a list entry can seed the place cache. */
export function placeOfListItem({ distance: _distance, ...place }: PlaceListItem): Place {
  return place;
}

/** GET /api/v1/places: published places in a box, nearest to `origin` first, one page. */
export function listPlaces(query: PlaceListQuery, signal?: AbortSignal) {
  return api.listPlaces(query, { signal });
}

/** The list under the map: what the map shows, filtered alike, sorted by distance from its centre. */
export interface PlacesInViewRequest {
  bounds: Bounds;
  origin: LatLng;
  categories: readonly string[];
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** The places in view, page by page ("Show more" follows the cursor); the old list stays while the next loads. */
export function usePlacesInView(raw: PlacesInViewRequest | null) {
  // The API takes −180…180 only; an engine may report more after panning around the world.
  const request = raw
    ? { bounds: normalizeBounds(raw.bounds), origin: normalizeCenter(raw.origin), categories: raw.categories }
    : null;
  return useInfiniteQuery({
    queryKey: [
      'places',
      'in-view',
      request
        ? [request.bounds.west, request.bounds.south, request.bounds.east, request.bounds.north].map(round6)
        : null,
      request ? [round6(request.origin.lat), round6(request.origin.lng)] : null,
      request?.categories.join(',') ?? '',
    ],
    queryFn: ({ pageParam, signal }) => {
      const { bounds, origin, categories } = request as PlacesInViewRequest;
      return listPlaces(
        {
          bbox: bounds,
          origin,
          category: [...categories],
          limit: PLACES_PAGE_SIZE,
          cursor: pageParam ?? undefined,
        },
        signal,
      );
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** A search of every published place (not only those in view), filtered by category. */
export interface PlacesMatchingRequest {
  text: string;
  categories: readonly string[];
  /**
   * Breaks ties between equally good matches: nearer first. A fixed point (not the map's centre),
   * so moving the map neither searches again nor reorders the pages, and a link shows the same list.
   */
  origin: LatLng;
}

/** The places matching a search, best matches first, page by page ("Show more" follows the cursor). */
export function usePlacesMatching(request: PlacesMatchingRequest | null) {
  return useInfiniteQuery({
    queryKey: [
      'places',
      'matching',
      request?.text ?? null,
      request?.categories.join(',') ?? '',
      request ? [round6(request.origin.lat), round6(request.origin.lng)] : null,
    ],
    queryFn: ({ pageParam, signal }) => {
      const { text, categories, origin } = request as PlacesMatchingRequest;
      return listPlaces(
        {
          q: text,
          origin: normalizeCenter(origin),
          category: [...categories],
          limit: PLACES_PAGE_SIZE,
          cursor: pageParam ?? undefined,
        },
        signal,
      );
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: request !== null,
    staleTime: 60_000,
  });
}

/** The places of a cluster at the highest zoom, for its info window. */
export function usePlacesInBox(bounds: Bounds | null, categories: readonly string[]) {
  return useQuery({
    queryKey: ['places', 'in-box', bounds, categories.join(',')],
    queryFn: ({ signal }) =>
      listPlaces({ bbox: bounds as Bounds, category: [...categories], limit: CLUSTER_LIST_LIMIT }, signal),
    enabled: bounds !== null,
  });
}
