import { IMPORT_LIMIT_BYTES } from '@karta/contracts';
import { outboundRequest } from '../http/outbound-request.ts';

/** The whole fetch, connection to last byte (docs/decisions/033-scheduled-imports.md). */
export const SOURCE_FETCH_TIMEOUT_MS = 30_000;

export type SourceFetch =
  | { kind: 'not_modified' }
  | { kind: 'fetched'; body: Buffer; etag: string | null; lastModified: string | null };

/** A fetch that gave nothing to import: its error is the run's. */
export class SourceFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceFetchError';
  }
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

/**
 * Fetches a source's list through the address guard, sending back the last answer's validators
 * (`If-None-Match`, `If-Modified-Since`): a 304 is "not modified". A list larger than an upload may
 * be (IMPORT_LIMIT_BYTES) is refused, as is any status but 200 and 304.
 */
export async function fetchSource(
  url: string,
  validators: { etag: string | null; lastModified: string | null },
  options: { allowPrivate: boolean; signal?: AbortSignal; timeoutMs?: number },
): Promise<SourceFetch> {
  const headers: Record<string, string> = { accept: 'text/csv, application/geo+json, application/json, */*' };
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
  const answer = await outboundRequest(url, {
    method: 'GET',
    headers,
    allowPrivate: options.allowPrivate,
    timeoutMs: options.timeoutMs ?? SOURCE_FETCH_TIMEOUT_MS,
    maxBodyBytes: IMPORT_LIMIT_BYTES,
    refuseLonger: true,
    signal: options.signal,
  });
  if (answer.status === 304) return { kind: 'not_modified' };
  if (answer.status !== 200) throw new SourceFetchError(`The list's server answered ${answer.status}`);
  return {
    kind: 'fetched',
    body: answer.body,
    etag: header(answer.headers.etag),
    lastModified: header(answer.headers['last-modified']),
  };
}
