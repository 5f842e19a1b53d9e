import {
  type Bounds,
  Category,
  type CategoryInput,
  CategoryList,
  type CategoryPatch,
  ClientConfig,
  CurrentUser,
  ErrorBody,
  type ExportQuery,
  Flag,
  type FlagInput,
  FlagList,
  FlagReceipt,
  type FlagResolution,
  formatBbox,
  formatLatLng,
  formatSlugList,
  Health,
  type ImportFormat,
  ImportReport,
  type ImportStatus,
  type LatLng,
  type LoginBody,
  type MapQuery,
  MapResponse,
  OwnPlace,
  Place,
  PlaceHistory,
  type PlaceInput,
  PlaceList,
  type PlaceListQuery,
  type PlacePatch,
  PlaceSuggestions,
  type PlaceSuggestionsQuery,
  type PlaceTransition,
  type RegisterBody,
  SimilarPlaces,
  type SimilarPlacesQuery,
  UserList,
  type UserListQuery,
  type UserPatch,
  UserSummary,
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

/** What an import file may be sent as (a string, a file picked in the browser, bytes). */
export type ImportBody = string | Blob | ArrayBuffer | Uint8Array<ArrayBuffer>;

/** The content type each import format is sent with. */
const IMPORT_TYPES: Record<ImportFormat, string> = { csv: 'text/csv', geojson: 'application/geo+json' };

const isLatLng = (value: object): value is LatLng => 'lat' in value && 'lng' in value;
const isBounds = (value: object) =>
  'west' in value && 'south' in value && 'east' in value && 'north' in value;

/**
 * Query parameters of the place list's filters, written in their wire form (boxes, points, lists,
 * numbers), so a filter added to `ExportQuery` needs no change here.
 */
function filterQuery(filters: Record<string, unknown>): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) query[key] = value.length > 0 ? formatSlugList(value as string[]) : undefined;
    else if (typeof value === 'object' && isBounds(value)) query[key] = formatBbox(value as Bounds);
    else if (typeof value === 'object' && isLatLng(value)) query[key] = formatLatLng(value);
    else query[key] = String(value);
  }
  return query;
}

const placePath = (id: number) => `/api/v1/places/${encodeURIComponent(String(id))}`;

/** The typed client for the Karta API: every answer is validated against @karta/contracts. */
export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  /**
   * One API call: JSON in (when `body` is given), JSON out validated by `schema` (none for 204).
   * Cookies go along on the same origin (fetch's default), which is how the session travels.
   */
  async function call<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    schema: S | null,
    options: {
      query?: Query;
      body?: unknown;
      /** A body that is not JSON (an import file), sent as it is with its content type. */
      file?: { type: string; data: ImportBody };
      request?: RequestOptions;
    } = {},
  ): Promise<z.output<S>> {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== '') search.set(key, value);
    }
    const url = `${baseUrl}${path}${search.size > 0 ? `?${search}` : ''}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    // Writes are JSON or bodiless: the server refuses other content types (a CSRF defence).
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    // Import files: the server accepts exactly their content types on that route.
    if (options.file) headers['content-type'] = options.file.type;
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers,
        body: options.file
          ? options.file.data
          : options.body === undefined
            ? undefined
            : JSON.stringify(options.body),
        signal: options.request?.signal,
      });
    } catch (cause) {
      if (options.request?.signal?.aborted) throw cause;
      throw new ApiError(0, 'network_error', 'The server could not be reached');
    }
    const body: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
    if (!response.ok) {
      const parsed = ErrorBody.safeParse(body);
      if (parsed.success) {
        const { code, message, details } = parsed.data.error;
        throw new ApiError(response.status, code, message, details);
      }
      throw new ApiError(response.status, 'internal_error', `Unexpected answer ${response.status}`);
    }
    if (schema === null) return undefined as z.output<S>;
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new ApiError(response.status, 'invalid_response', 'The server sent an unexpected answer');
    }
    return parsed.data;
  }

  function exportUrl(path: string, filters: ExportQuery): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(filterQuery(filters))) {
      if (value !== undefined && value !== '') search.set(key, value);
    }
    return `${baseUrl}${path}${search.size > 0 ? `?${search}` : ''}`;
  }

  const get = <S extends z.ZodType>(path: string, schema: S, query: Query = {}, request?: RequestOptions) =>
    call('GET', path, schema, { query, request });

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
    /** Published places, nearest to `origin` first; `q` searches, `near`/`covers` find by distance. */
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
          status: query.status?.join(','),
          mine: query.mine === undefined ? undefined : String(query.mine),
          order: query.order,
          q: query.q,
          near: query.near ? formatLatLng(query.near) : undefined,
          radius: query.radius === undefined ? undefined : String(query.radius),
          covers: query.covers ? formatLatLng(query.covers) : undefined,
        },
        request,
      ),
    /** A few published places for a search box as the user types (names beginning with `q` first). */
    suggestPlaces: (query: PlaceSuggestionsQuery, request?: RequestOptions) =>
      get(
        '/api/v1/places/suggestions',
        PlaceSuggestions,
        {
          q: query.q,
          origin: query.origin ? formatLatLng(query.origin) : undefined,
          category: query.category?.length ? formatSlugList(query.category) : undefined,
          limit: query.limit === undefined ? undefined : String(query.limit),
        },
        request,
      ),
    /** Possible duplicates of a place being proposed (published, within 200 m, a similar name). */
    similarPlaces: (query: SimilarPlacesQuery, request?: RequestOptions) =>
      get(
        '/api/v1/places/similar',
        SimilarPlaces,
        {
          near: formatLatLng(query.near),
          name: query.name,
          exclude: query.exclude === undefined ? undefined : String(query.exclude),
        },
        request,
      ),
    getPlace: (id: number, request?: RequestOptions) => get(placePath(id), Place, {}, request),
    /** Creates an account and signs in (the server sets the session cookie). */
    register: (body: RegisterBody, request?: RequestOptions) =>
      call('POST', '/api/v1/auth/register', CurrentUser, { body, request }),
    /** Signs in; a wrong e-mail or password fails with `invalid_credentials` (401). */
    login: (body: LoginBody, request?: RequestOptions) =>
      call('POST', '/api/v1/auth/login', CurrentUser, { body, request }),
    /** Signs out (ends the session, clears the cookie); fine to call when signed out. */
    logout: async (request?: RequestOptions): Promise<void> => {
      await call('POST', '/api/v1/auth/logout', null, { request });
    },
    /** The signed-in user, or null when not signed in (the server's 401). */
    me: async (request?: RequestOptions): Promise<CurrentUser | null> => {
      try {
        return await get('/api/v1/auth/me', CurrentUser, {}, request);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    /** Proposes a place (pending until a moderator publishes it). */
    createPlace: (body: z.input<typeof PlaceInput>, request?: RequestOptions) =>
      call('POST', '/api/v1/places', OwnPlace, { body, request }),
    /** Edits a place; fails with `conflict` (409) when `body.version` is no longer the latest. */
    updatePlace: (id: number, body: z.input<typeof PlacePatch>, request?: RequestOptions) =>
      call('PATCH', placePath(id), OwnPlace, { body, request }),
    /** Moves a place through its life (PRODUCT.md §4). */
    transitionPlace: (id: number, body: z.input<typeof PlaceTransition>, request?: RequestOptions) =>
      call('POST', `${placePath(id)}/transition`, OwnPlace, { body, request }),
    /** Every change of a place (its author and moderators only). */
    placeHistory: (id: number, request?: RequestOptions) =>
      get(`${placePath(id)}/history`, PlaceHistory, {}, request),
    /** Reports a problem with a published place (no account needed). */
    flagPlace: (id: number, body: FlagInput, request?: RequestOptions) =>
      call('POST', `${placePath(id)}/flags`, FlagReceipt, { body, request }),
    /** Open reports, oldest first, or resolved ones (moderators). */
    listFlags: (status: 'open' | 'resolved' = 'open', request?: RequestOptions) =>
      get('/api/v1/flags', FlagList, { status }, request),
    resolveFlag: (id: number, body: FlagResolution, request?: RequestOptions) =>
      call('POST', `/api/v1/flags/${id}/resolve`, Flag, { body, request }),
    createCategory: (body: CategoryInput, request?: RequestOptions) =>
      call('POST', '/api/v1/categories', Category, { body, request }),
    updateCategory: (id: number, body: CategoryPatch, request?: RequestOptions) =>
      call('PATCH', `/api/v1/categories/${id}`, Category, { body, request }),
    deleteCategory: async (id: number, request?: RequestOptions): Promise<void> => {
      await call('DELETE', `/api/v1/categories/${id}`, null, { request });
    },
    /** Users, newest first (admins). */
    listUsers: (query: UserListQuery = {}, request?: RequestOptions) =>
      get(
        '/api/v1/users',
        UserList,
        {
          q: query.q,
          limit: query.limit === undefined ? undefined : String(query.limit),
          offset: query.offset === undefined ? undefined : String(query.offset),
        },
        request,
      ),
    updateUser: (id: number, body: UserPatch, request?: RequestOptions) =>
      call('PATCH', `/api/v1/users/${id}`, UserSummary, { body, request }),
    /**
     * Imports places from a GeoJSON or CSV file (moderators). A dry run unless `dryRun: false`;
     * a real run with refused rows imports nothing and fails with 422 `validation_error`, whose
     * `details` is the report.
     */
    importPlaces: (
      format: ImportFormat,
      body: ImportBody,
      options: { dryRun?: boolean; status?: ImportStatus } = {},
      request?: RequestOptions,
    ) =>
      call('POST', '/api/v1/import', ImportReport, {
        query: {
          format,
          dryRun: options.dryRun === undefined ? undefined : String(options.dryRun),
          status: options.status,
        },
        file: { type: IMPORT_TYPES[format], data: body },
        request,
      }),
    /** The link that downloads published places matching `filters` as GeoJSON (for an `<a href>`). */
    exportGeoJsonUrl: (filters: ExportQuery = {}) => exportUrl('/api/v1/export.geojson', filters),
    /** The link that downloads published places matching `filters` as CSV (for an `<a href>`). */
    exportCsvUrl: (filters: ExportQuery = {}) => exportUrl('/api/v1/export.csv', filters),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
