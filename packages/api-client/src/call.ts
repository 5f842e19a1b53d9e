import { type Endpoint, type EndpointName, ErrorBody, encodeQuery, endpoints } from '@karta/contracts';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';

export interface RequestOptions {
  signal?: AbortSignal;
}

/** What a file body (an import) may be sent as: a string, a file picked in the browser, bytes. */
export type FileBody = string | Blob | ArrayBuffer | Uint8Array<ArrayBuffer>;

type Endpoints = typeof endpoints;
type Nothing = Record<never, never>;

/** What a call of endpoint `E` sends: its path parameters, query, JSON body or file, as typed values. */
export type CallInput<E> = (E extends { params: infer P extends z.ZodType }
  ? { params: z.output<P> }
  : Nothing) &
  (E extends { query: infer Q extends z.ZodType }
    ? Nothing extends z.output<Q>
      ? { query?: z.output<Q> }
      : { query: z.output<Q> }
    : Nothing) &
  (E extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : Nothing) &
  (E extends { bodyTypes: readonly (infer T)[] } ? { file: { type: T; data: FileBody } } : Nothing);

/** What it answers: the response schema's output, nothing for 204. */
export type CallOutput<E> = E extends { response: infer R extends z.ZodType } ? z.output<R> : undefined;

type AnyInput = {
  params?: Record<string, unknown>;
  query?: object;
  body?: unknown;
  file?: { type: string; data: FileBody };
};

/** `/api/v1/places/{id}` with `{ id: 7 }`: `/api/v1/places/7`. */
function pathOf(endpoint: Endpoint, params: Record<string, unknown> = {}): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/** The URL of a call: the base, the path with its parameters, the query in its wire form. */
export function urlOf(
  baseUrl: string,
  endpoint: Endpoint,
  input: Pick<AnyInput, 'params' | 'query'>,
): string {
  const search = new URLSearchParams(encodeQuery(input.query ?? {}));
  return `${baseUrl}${pathOf(endpoint, input.params)}${search.size > 0 ? `?${search}` : ''}`;
}

/** The error of an answer that is not a success: its §8 body as it is, else an unexpected answer. */
export function apiErrorOf(status: number, answer: unknown): ApiError {
  const parsed = ErrorBody.safeParse(answer);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new ApiError(status, code, message, details);
  }
  return new ApiError(status, 'internal_error', `Unexpected answer ${status}`);
}

/**
 * Calls endpoints of the contracts' table: builds the request from the entry, and checks the answer
 * with its response schema. Cookies go along on the same origin (fetch's default), which is how
 * the session travels.
 */
export function createCall(baseUrl: string, doFetch: typeof fetch) {
  return async function call<N extends EndpointName>(
    name: N,
    input: CallInput<Endpoints[N]>,
    request: RequestOptions = {},
  ): Promise<CallOutput<Endpoints[N]>> {
    const endpoint: Endpoint = endpoints[name];
    const { body, file } = input as AnyInput;
    const headers: Record<string, string> = { accept: 'application/json' };
    // Writes are JSON or bodiless: the server refuses other content types (a CSRF defence);
    // a file goes with exactly the content type its route accepts.
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (file) headers['content-type'] = file.type;
    let response: Response;
    try {
      response = await doFetch(urlOf(baseUrl, endpoint, input as AnyInput), {
        method: endpoint.method,
        headers,
        body: file ? file.data : body === undefined ? undefined : JSON.stringify(body),
        signal: request.signal,
      });
    } catch (cause) {
      if (request.signal?.aborted) throw cause;
      throw new ApiError(0, 'network_error', 'The server could not be reached');
    }
    const answer: unknown =
      response.status === 204 ? undefined : await response.json().catch(() => undefined);
    if (!response.ok) throw apiErrorOf(response.status, answer);
    if (!endpoint.response) return undefined as CallOutput<Endpoints[N]>;
    const parsed = endpoint.response.safeParse(answer);
    if (!parsed.success) {
      throw new ApiError(response.status, 'invalid_response', 'The server sent an unexpected answer');
    }
    return parsed.data as CallOutput<Endpoints[N]>;
  };
}

export type Call = ReturnType<typeof createCall>;
