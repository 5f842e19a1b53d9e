import type { FieldFilterParam } from '@karta/contracts';
import { formatBbox } from '@karta/contracts/wire';
import { type Bounds, type LatLng, normalizeBounds } from '@karta/map-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fieldFilterParams } from '../../../lib/places/list-places.ts';
import { fieldFiltersKey } from '../../../lib/view-url-filters.ts';
import { boundsWithEdges } from '../utils/bounds.ts';

/** What the map shows and for whom: the viewport, the filters and the UI language. */
export interface MapDataRequest {
  bounds: Bounds;
  zoom: number;
  categories: readonly string[];
  language: string;
  /** Only places open now. */
  openNow?: boolean;
  /** Only places whose fields hold these values (`f.<key>`): the list's filters, so the counts agree. */
  filters?: readonly FieldFilterParam[];
  /** Only the places this search finds (every match, clustered alike)… */
  search?: string;
  /** …or those within `radius` metres of `near`… */
  near?: { point: LatLng; radius: number };
  /** …or those whose own circle covers this point. */
  covers?: LatLng;
}

/**
 * GET /api/v1/map: the clusters and single places of a viewport, and of the strip around it where
 * a pin or cluster just outside still shows part of itself.
 */
export function getMapData(request: MapDataRequest, signal?: AbortSignal) {
  return api.map(
    {
      bbox: normalizeBounds(boundsWithEdges(request.bounds, request.zoom)),
      zoom: Math.round(request.zoom),
      category: [...request.categories],
      lang: request.language,
      openNow: request.openNow || undefined,
      ...fieldFilterParams(request.filters),
      q: request.search,
      near: request.near?.point,
      radius: request.near?.radius,
      covers: request.covers,
    },
    { signal },
  );
}

/**
 * The map's data for the current viewport. The previous answer stays on screen while the next one
 * loads (no flashing), and a request superseded by a newer viewport is aborted.
 */
export function useMapData(request: MapDataRequest | null) {
  return useQuery({
    queryKey: [
      'map',
      request ? formatBbox(normalizeBounds(request.bounds)) : null,
      request ? Math.round(request.zoom) : null,
      request?.categories.join(',') ?? '',
      request?.language ?? '',
      request?.openNow === true,
      fieldFiltersKey(request?.filters),
      request?.search ?? null,
      request?.near ? [request.near.point.lat, request.near.point.lng, request.near.radius] : null,
      request?.covers ? [request.covers.lat, request.covers.lng] : null,
    ],
    // TanStack Query aborts `signal` when the viewport moves on before the answer arrives.
    queryFn: ({ signal }) => getMapData(request as MapDataRequest, signal),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
