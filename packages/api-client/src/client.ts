import type {
  EndpointName,
  ExportQuery,
  endpoints,
  ImportFormat,
  ImportStatus,
  PHOTO_CONTENT_TYPES,
} from '@karta/contracts';
import { routes } from '@karta/contracts/wire';
import {
  type CallHeaders,
  createCall,
  type FileBody,
  type LateCheck,
  type RequestOptions,
  urlOf,
} from './call.ts';
import { loadContracts } from './contracts.ts';
import { methodsOf } from './methods.ts';

type HeadersOf<N extends EndpointName> = CallHeaders<(typeof endpoints)[N]>;

export interface ApiClientOptions {
  /** Origin of the Karta server, e.g. `https://karta.example.org`; empty for the same origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /**
   * Lets answers that arrive before the contracts' schemas have loaded be used as sent: each is
   * checked once something loads them (`loadContracts()`, which a page calls after its first
   * view), and one that fails then is given here, as it can no longer be thrown. Without it, every
   * answer waits for the schemas and is checked before it is returned.
   */
  lateCheck?: LateCheck;
}

/**
 * The typed client for the Karta API: `call(name, { params, query, body })` for any endpoint of
 * the contracts' table, and one method per endpoint with the same name (`getPlace(id)`,
 * `updatePlace(id, patch)`, `listPlaces(query)`). Every answer is checked against its contract
 * (with `lateCheck`, possibly after it was used).
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const call = createCall(baseUrl, doFetch, options.lateCheck);

  return {
    call,
    ...methodsOf(call),
    /**
     * Imports places from a GeoJSON or CSV file (moderators). A dry run unless `dryRun: false`;
     * a real run with refused rows imports nothing and fails with 422 `import_refused`, whose
     * `details` is the report.
     */
    importPlaces: async (
      format: ImportFormat,
      data: FileBody,
      options: { dryRun?: boolean; status?: ImportStatus } = {},
      request?: RequestOptions,
    ) => {
      const { IMPORT_CONTENT_TYPES } = await loadContracts();
      return call(
        'importPlaces',
        { query: { format, ...options }, file: { type: IMPORT_CONTENT_TYPES[format], data } },
        request,
      );
    },
    /** Where `importPlaces` sends its file, for a caller that sends it itself (to see its progress). */
    importUrl: (format: ImportFormat, options: { dryRun?: boolean; status?: ImportStatus } = {}) =>
      urlOf(baseUrl, routes.importPlaces, { query: { format, ...options } }),
    /**
     * Adds a photo to place `placeId`: the image itself as the body, typed as what it is (the
     * server reads the type from the bytes and refuses anything else with 422 `photo_refused`).
     * With `{ headers: { 'Idempotency-Key': key } }`, sending it again answers the first upload.
     */
    uploadPhoto: (
      placeId: number,
      type: (typeof PHOTO_CONTENT_TYPES)[number],
      data: FileBody,
      { headers, ...request }: RequestOptions & HeadersOf<'uploadPhoto'> = {},
    ) => call('uploadPhoto', { params: { id: placeId }, file: { type, data }, headers }, request),
    /**
     * Where `uploadPhoto` sends its file, for a caller that sends it itself (to see its progress);
     * such a caller sets the `Idempotency-Key` header (`IDEMPOTENCY_KEY_HEADER`) itself.
     */
    photoUploadUrl: (placeId: number) => urlOf(baseUrl, routes.uploadPhoto, { params: { id: placeId } }),
    /** A photo's file (`thumb`, 320 px wide, or `large`), for an `<img src>`. */
    photoFileUrl: (id: number, size: 'thumb' | 'large') =>
      urlOf(baseUrl, size === 'thumb' ? routes.photoThumb : routes.photoLarge, { params: { id } }),
    /** The link that downloads published places matching `filters` as GeoJSON (for an `<a href>`). */
    exportGeoJsonUrl: (filters: ExportQuery = {}) => urlOf(baseUrl, routes.exportGeoJson, { query: filters }),
    /** The link that downloads published places matching `filters` as CSV (for an `<a href>`). */
    exportCsvUrl: (filters: ExportQuery = {}) => urlOf(baseUrl, routes.exportCsv, { query: filters }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
