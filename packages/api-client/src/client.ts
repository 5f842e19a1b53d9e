import {
  CategoryList,
  ClientConfig,
  ErrorBody,
  formatBbox,
  formatLatLng,
  formatSlugList,
  Health,
  type MapQuery,
  MapResponse,
  Place,
  PlaceList,
  type PlaceListQuery,
} from '@karta/contracts';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';

export interface ApiClientOptions {
  /** Origin of the Karta server, e.g. `https://karta.example.org`; empty for the same origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

type Query = Record<string, string | undefined>;

/** The typed client for the Karta API: every answer is validated against @karta/contracts. */
export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function get<S extends z.ZodType>(
    path: string,
    schema: S,
    query: Query = {},
    request: RequestOptions = {},
  ): Promise<z.output<S>> {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== '') search.set(key, value);
    }
    const url = `${baseUrl}${path}${search.size > 0 ? `?${search}` : ''}`;
    let response: Response;
    try {
      response = await doFetch(url, { headers: { accept: 'application/json' }, signal: request.signal });
    } catch (cause) {
      if (request.signal?.aborted) throw cause;
      throw new ApiError(0, 'network_error', 'The server could not be reached');
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const parsed = ErrorBody.safeParse(body);
      if (parsed.success) {
        const { code, message, details } = parsed.data.error;
        throw new ApiError(response.status, code, message, details);
      }
      throw new ApiError(response.status, 'internal_error', `Unexpected answer ${response.status}`);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new ApiError(response.status, 'invalid_response', 'The server sent an unexpected answer');
    }
    return parsed.data;
  }

  return {
    health: (request?: RequestOptions) => get('/api/v1/health', Health, {}, request),
    config: (request?: RequestOptions) => get('/api/v1/config', ClientConfig, {}, request),
    categories: (request?: RequestOptions) => get('/api/v1/categories', CategoryList, {}, request),
    /** Clusters and single places of a viewport. */
    map: (query: MapQuery, request?: RequestOptions) =>
      get(
        '/api/v1/map',
        MapResponse,
        {
          bbox: formatBbox(query.bbox),
          zoom: String(query.zoom),
          category: query.category?.length ? formatSlugList(query.category) : undefined,
          lang: query.lang,
        },
        request,
      ),
    /** Published places, nearest to `origin` first. */
    listPlaces: (query: PlaceListQuery, request?: RequestOptions) =>
      get(
        '/api/v1/places',
        PlaceList,
        {
          bbox: query.bbox ? formatBbox(query.bbox) : undefined,
          category: query.category?.length ? formatSlugList(query.category) : undefined,
          origin: query.origin ? formatLatLng(query.origin) : undefined,
          limit: query.limit === undefined ? undefined : String(query.limit),
          cursor: query.cursor,
        },
        request,
      ),
    getPlace: (id: number, request?: RequestOptions) =>
      get(`/api/v1/places/${encodeURIComponent(String(id))}`, Place, {}, request),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
