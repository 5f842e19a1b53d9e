import { ApiError, apiErrorOf } from '@karta/api-client';
import { IMPORT_CONTENT_TYPES, type ImportFormat, ImportReport, type ImportStatus } from '@karta/contracts';
import { api } from '../../../lib/api-client.ts';

export interface UploadOptions {
  format: ImportFormat;
  body: Blob;
  dryRun: boolean;
  status: ImportStatus;
  /** The share of the file sent so far, 0–1, while it uploads. */
  onUploadProgress?(fraction: number): void;
  /** Called once the whole file is sent: the server is now reading it. */
  onUploaded?(): void;
  signal?: AbortSignal;
}

/** What an answer's body is as JSON, or undefined when it is not JSON. */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An answer that is not a success, as the typed client reports it. */
async function failure(status: number, body: unknown): Promise<ApiError> {
  const error = await apiErrorOf(status, body);
  // A proxy in front of Karta may refuse a large body before it reaches the server.
  if (status === 413 && error.code === 'internal_error') {
    return new ApiError(413, 'payload_too_large', 'The file is too large');
  }
  return error;
}

/**
 * `POST /api/v1/import` like `api.importPlaces`, but through XMLHttpRequest, whose `upload.onprogress`
 * tells how much of a large file is sent (fetch cannot). Same URL, headers and errors as the typed
 * client: the session cookie goes along on the same origin, and the browser adds Origin and
 * Sec-Fetch-Site itself, which the server's write guard checks.
 */
export function uploadImport(options: UploadOptions): Promise<ImportReport> {
  const { format, body, dryRun, status, onUploadProgress, onUploaded, signal } = options;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', api.importUrl(format, { dryRun, status }));
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('content-type', IMPORT_CONTENT_TYPES[format]);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress?.(event.loaded / event.total);
    };
    request.upload.onload = () => onUploaded?.();
    request.onload = () => {
      const answer = jsonOf(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        void failure(request.status, answer).then(reject);
        return;
      }
      const report = ImportReport.safeParse(answer);
      if (report.success) resolve(report.data);
      else reject(new ApiError(request.status, 'invalid_response', 'The server sent an unexpected answer'));
    };
    request.onerror = () => reject(new ApiError(0, 'network_error', 'The server could not be reached'));
    request.ontimeout = request.onerror;
    request.onabort = () => reject(new DOMException('The import was cancelled', 'AbortError'));
    if (signal?.aborted) {
      request.abort();
      return;
    }
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}

/** The report a refused real run carries (422 with the report as details), or null for other errors. */
export function refusedReport(error: unknown): ImportReport | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const report = ImportReport.safeParse(error.details);
  return report.success ? report.data : null;
}
