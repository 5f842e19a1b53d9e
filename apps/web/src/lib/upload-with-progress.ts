import { ApiError, apiErrorOf } from '@karta/api-client';
import type { z } from 'zod';

export interface UploadRequest<T> {
  /** From the typed client (`api.importUrl`, `api.photoUploadUrl`), so the route is the contract's. */
  url: string;
  contentType: string;
  body: Blob;
  /** The endpoint's success answer, checked before it is used. */
  answer: z.ZodType<T>;
  /** The share of the body sent so far, 0–1, while it uploads. */
  onUploadProgress?(fraction: number): void;
  /** Called once the whole body is sent: the server is now working on it. */
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
 * A file POSTed as the typed client would send it, but through XMLHttpRequest, whose
 * `upload.onprogress` tells how much of a large file is sent (fetch cannot). Same headers and
 * errors as the client: the session cookie goes along on the same origin, and the browser adds
 * Origin and Sec-Fetch-Site itself, which the server's write guard checks.
 */
export function uploadWithProgress<T>(options: UploadRequest<T>): Promise<T> {
  const { url, contentType, body, answer, onUploadProgress, onUploaded, signal } = options;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('content-type', contentType);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress?.(event.loaded / event.total);
    };
    request.upload.onload = () => onUploaded?.();
    request.onload = () => {
      const json = jsonOf(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        void failure(request.status, json).then(reject);
        return;
      }
      const parsed = answer.safeParse(json);
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiError(request.status, 'invalid_response', 'The server sent an unexpected answer'));
    };
    request.onerror = () => reject(new ApiError(0, 'network_error', 'The server could not be reached'));
    request.ontimeout = request.onerror;
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (signal?.aborted) {
      request.abort();
      return;
    }
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
