import type { FieldFilterParam, Place, PlaceListItem, PlaceListQuery } from '@karta/contracts';
import { type Bounds, type LatLng, normalizeBounds, normalizeCenter } from '@karta/map-core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

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

/** The filters of a list read page by page (the page size and the cursor are added per page). */
export type PlacePagesQuery = Omit<PlaceListQuery, 'limit' | 'cursor'>;

/** Rounds a coordinate of a query to about 10 cm, so a map's jitter does not make a new query. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

const roundPoint = (point: LatLng): LatLng =>
  normalizeCenter({
    lat: roundCoordinate(point.lat),
    lng: roundCoordinate(point.lng),
  });

/**
 * Places of `GET /api/v1/places` page by page ("Show more" follows the cursor); nothing is asked
 * while `query` is null. While another query loads, the previous answer stays (dimmed by the page)
 * when `keepPreviousWhen` says it may stand in for the new one.
 */
export function usePlacePages(
  query: PlacePagesQuery | null,
  keepPreviousWhen?: (previous: PlacePagesQuery) => boolean,
) {
  return useInfiniteQuery({
    queryKey: ['places', 'pages', query],
    queryFn: ({ pageParam, signal }) =>
      listPlaces(
        { ...(query as PlacePagesQuery), limit: PLACES_PAGE_SIZE, cursor: pageParam ?? undefined },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: query !== null,
    placeholderData: (previous, previousQuery) =>
      keepPreviousWhen && previousQuery && keepPreviousWhen(previousQuery.queryKey[2] as PlacePagesQuery)
        ? previous
        : undefined,
    staleTime: 60_000,
  });
}

/**
 * The filters every view of places shares: the categories (none: every one), "Open now only" and
 * the field filters (`f.<key>`).
 */
export interface PlaceFilter {
  categories: readonly string[];
  openNow?: boolean;
  /** Only places whose fields hold these values; absent or empty: no such filter. */
  filters?: readonly FieldFilterParam[];
  /** Only the places a search finds (where a view has one)… */
  search?: string;
  /** …or those within a circle (Near me)… */
  near?: { point: LatLng; radius: number };
  /** …or those whose own circle covers a point. */
  covers?: LatLng;
}

/** A filter as list query parameters. */
function filterParams(
  filter: PlaceFilter,
): Pick<PlaceListQuery, 'category' | 'openNow' | 'q' | 'near' | 'radius' | 'covers' | 'f'> {
  const { categories, openNow, filters, search, near, covers } = filter;
  return {
    category: [...categories],
    ...(openNow ? { openNow: true } : {}),
    ...fieldFilterParams(filters),
    ...(search ? { q: search } : {}),
    ...(near ? { near: near.point, radius: near.radius } : {}),
    ...(covers ? { covers } : {}),
  };
}

/** `{ f }` for a query when there are field filters (the API client writes them as `f.<key>=…`). */
export function fieldFilterParams(filters: readonly FieldFilterParam[] | undefined): {
  f?: FieldFilterParam[];
} {
  return filters && filters.length > 0 ? { f: filters.map((filter) => ({ ...filter })) } : {};
}

/** The list under the map: what the map shows, filtered alike, sorted by distance from its centre. */
export interface PlacesInViewRequest extends PlaceFilter {
  bounds: Bounds;
  origin: LatLng;
}

/** The places in view, page by page; the old list stays while the next loads. */
export function usePlacesInView(request: PlacesInViewRequest | null) {
  // The API takes −180…180 only; an engine may report more after panning around the world.
  const bounds = request ? normalizeBounds(request.bounds) : null;
  return usePlacePages(
    request && bounds
      ? {
          bbox: {
            west: roundCoordinate(bounds.west),
            south: roundCoordinate(bounds.south),
            east: roundCoordinate(bounds.east),
            north: roundCoordinate(bounds.north),
          },
          origin: roundPoint(request.origin),
          ...filterParams(request),
        }
      : null,
    () => true,
  );
}

/** A search of every published place (not only those in view), filtered by category. */
export interface PlacesMatchingRequest extends PlaceFilter {
  text: string;
  /**
   * Breaks ties between equally good matches: nearer first. A fixed point (not the map's centre),
   * so moving the map neither searches again nor reorders the pages, and a link shows the same list.
   */
  origin: LatLng;
}

/** The places matching a search, best matches first, page by page. */
export function usePlacesMatching(request: PlacesMatchingRequest | null) {
  return usePlacePages(
    request ? { q: request.text, origin: roundPoint(request.origin), ...filterParams(request) } : null,
  );
}

/** The places of a cluster at the highest zoom, for its info window. */
export function usePlacesInBox(bounds: Bounds | null, filter: PlaceFilter) {
  return useQuery({
    queryKey: ['places', 'in-box', bounds, filterParams(filter)],
    queryFn: ({ signal }) =>
      listPlaces({ bbox: bounds as Bounds, ...filterParams(filter), limit: CLUSTER_LIST_LIMIT }, signal),
    enabled: bounds !== null,
  });
}
