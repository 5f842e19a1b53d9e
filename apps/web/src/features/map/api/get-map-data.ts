import { formatBbox } from '@karta/contracts/wire';
import { type Bounds, normalizeBounds } from '@karta/map-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** What the map shows and for whom: the viewport, the category filter and the UI language. */
export interface MapDataRequest {
  bounds: Bounds;
  zoom: number;
  categories: readonly string[];
  language: string;
  /** Only places open now. */
  openNow?: boolean;
}

/** GET /api/v1/map: the clusters and single places of a viewport. */
export function getMapData(request: MapDataRequest, signal?: AbortSignal) {
  return api.map(
    {
      bbox: normalizeBounds(request.bounds),
      zoom: Math.round(request.zoom),
      category: [...request.categories],
      lang: request.language,
      openNow: request.openNow || undefined,
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
    ],
    // TanStack Query aborts `signal` when the viewport moves on before the answer arrives.
    queryFn: ({ signal }) => getMapData(request as MapDataRequest, signal),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
