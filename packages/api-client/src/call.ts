import type { EndpointName, endpoints } from '@karta/contracts';
import { encodeQuery, type Route, routes } from '@karta/contracts/wire';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';
import { type Contracts, loadContracts, loadedContracts, whenContractsLoad } from './contracts.ts';

export interface RequestOptions {
  signal?: AbortSignal;
}

/** What a file body (an import) may be sent as: a string, a file picked in the browser, bytes. */
export type FileBody = string | Blob | ArrayBuffer | Uint8Array<ArrayBuffer>;

type Endpoints = typeof endpoints;
type Nothing = Record<never, never>;

/**
 * What a call of endpoint `E` sends: its path parameters, query, JSON body or file, as typed values.
 * Not distributed over a union of endpoints (`[E]`): for every endpoint at once the product of its
 * parts' distinct types passes what TypeScript represents.
 */
export type CallInput<E> = ([E] extends [{ params: infer P extends z.ZodType }]
  ? { params: z.output<P> }
  : Nothing) &
  ([E] extends [{ query: infer Q extends z.ZodType }]
    ? Nothing extends z.output<Q>
      ? { query?: z.output<Q> }
      : { query: z.output<Q> }
    : Nothing) &
  ([E] extends [{ body: infer B extends z.ZodType }] ? { body: z.input<B> } : Nothing) &
  ([E] extends [{ bodyTypes: readonly (infer T)[] }] ? { file: { type: T; data: FileBody } } : Nothing) &
  CallHeaders<E>;

/**
 * The request headers an endpoint declares (`headers` in its entry), named as its contract names
 * them (`{ 'Idempotency-Key': key }`); each is optional, so a call may leave them out.
 */
export type CallHeaders<E> = E extends { headers: infer H extends z.ZodType }
  ? { headers?: z.input<H> }
  : Nothing;

/** What it answers: the response schema's output (or, taken for later, the 202's), nothing for 204. */
export type CallOutput<E> =
  | (E extends { response: infer R extends z.ZodType } ? z.output<R> : undefined)
  | (E extends { accepted: infer A extends z.ZodType } ? z.output<A> : never);

type AnyInput = {
  params?: Record<string, unknown>;
  query?: object;
  body?: unknown;
  file?: { type: string; data: FileBody };
  headers?: Record<string, string | undefined>;
};

/** `/api/v1/places/{id}` with `{ id: 7 }`: `/api/v1/places/7`. */
function pathOf(route: Route, params: Record<string, unknown> = {}): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/** The URL of a call: the base, the path with its parameters, the query in its wire form. */
export function urlOf(baseUrl: string, route: Route, input: Pick<AnyInput, 'params' | 'query'>): string {
  const search = new URLSearchParams(encodeQuery(input.query ?? {}));
  return `${baseUrl}${pathOf(route, input.params)}${search.size > 0 ? `?${search}` : ''}`;
}

function errorOf({ ErrorBody }: Contracts, status: number, answer: unknown): ApiError {
  const parsed = ErrorBody.safeParse(answer);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new ApiError(status, code, message, details);
  }
  return new ApiError(status, 'internal_error', `Unexpected answer ${status}`);
}

/**
 * The error of an answer that is not a success: its error body (docs/product-rules.md §Errors) as
 * it is, else an unexpected answer.
 */
export async function apiErrorOf(status: number, answer: unknown): Promise<ApiError> {
  return errorOf(await loadContracts(), status, answer);
}

/**
 * An answer's JSON body (undefined for none or one that is not JSON). A body cut off on the way
 * (the connection dropped after the headers) is no answer at all: the request may have been
 * carried out, and only sending it again, with its idempotency key, can tell.
 */
async function bodyOf(response: Response, signal: AbortSignal | undefined): Promise<unknown> {
  if (response.status === 204) return undefined;
  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, 'network_error', 'The answer was cut off');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * An answer checked against its endpoint's response schema, or its `accepted` one for a 202
 * (nothing for an endpoint without one).
 */
function checked(contracts: Contracts, name: EndpointName, status: number, answer: unknown): unknown {
  const endpoint = contracts.endpoints[name] as { response?: z.ZodType; accepted?: z.ZodType };
  const response = status === 202 && endpoint.accepted ? endpoint.accepted : endpoint.response;
  if (!response) return undefined;
  const parsed = response.safeParse(answer);
  if (!parsed.success) {
    throw new ApiError(status, 'invalid_response', 'The server sent an unexpected answer');
  }
  return parsed.data;
}

/**
 * Heard of an answer that was used before the contracts had loaded and then failed its check
 * (see `ApiClientOptions.lateCheck`).
 */
export type LateCheck = (error: ApiError, endpoint: EndpointName) => void;

/**
 * Calls endpoints of the contracts' table: builds the request from its route, and checks the
 * answer with its response schema. Cookies go along on the same origin (fetch's default), which is
 * how the session travels. With `lateCheck`, an answer that arrives before the schemas have loaded
 * is returned as sent and checked once they have; without it, every answer waits for them.
 */
export function createCall(baseUrl: string, doFetch: typeof fetch, lateCheck?: LateCheck) {
  return async function call<N extends EndpointName>(
    name: N,
    input: CallInput<Endpoints[N]>,
    request: RequestOptions = {},
  ): Promise<CallOutput<Endpoints[N]>> {
    const route: Route = routes[name];
    const { body, file, headers: declared = {} } = input as AnyInput;
    const headers: Record<string, string> = { accept: 'application/json' };
    // The endpoint's own headers (an `Idempotency-Key`); one left undefined is not sent.
    for (const [name, value] of Object.entries(declared)) if (value !== undefined) headers[name] = value;
    // Writes are JSON or bodiless: the server refuses other content types (a CSRF defence);
    // a file goes with exactly the content type its route accepts.
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (file) headers['content-type'] = file.type;
    let response: Response;
    try {
      response = await doFetch(urlOf(baseUrl, route, input as AnyInput), {
        method: route.method,
        headers,
        body: file ? file.data : body === undefined ? undefined : JSON.stringify(body),
        signal: request.signal,
      });
    } catch (cause) {
      if (request.signal?.aborted) throw cause;
      throw new ApiError(0, 'network_error', 'The server could not be reached');
    }
    const answer = await bodyOf(response, request.signal);
    if (!response.ok) throw await apiErrorOf(response.status, answer);
    const contracts = loadedContracts();
    if (contracts || !lateCheck) {
      return checked(contracts ?? (await loadContracts()), name, response.status, answer) as CallOutput<
        Endpoints[N]
      >;
    }
    // Checked when the app loads the schemas (after its first view), not loaded for this answer.
    void whenContractsLoad().then((loaded) => {
      try {
        checked(loaded, name, response.status, answer);
      } catch (error) {
        lateCheck(error as ApiError, name);
      }
    });
    return answer as CallOutput<Endpoints[N]>;
  };
}

export type Call = ReturnType<typeof createCall>;
