import { vi } from 'vitest';

/** One recorded API call: method, path (with query) and the JSON body sent, if any. */
export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

// Beside the calls rather than in them, so tests that compare whole calls need not name them.
const sentHeaders = new WeakMap<ApiCall, Record<string, string>>();

/** The headers a recorded call was sent with, by lower-case name. */
export function headersOf(call: ApiCall | undefined): Record<string, string> {
  return (call && sentHeaders.get(call)) ?? {};
}

/** An answer: a status and a JSON body, or `'offline'` for a request that never reaches the server. */
export type FakeAnswer = { status: number; body?: unknown } | 'offline';

/**
 * Answers the app's API requests in tests through a stubbed `fetch`: `answers` maps
 * `'POST /api/v1/auth/login'` to an answer (or to a function of the call, for answers that
 * change, or that wait for a moment the test chooses). Unlisted requests answer 404, so a test
 * sees what it forgot. Returns the calls made.
 */
export function fakeApi(
  answers: Record<string, FakeAnswer | ((call: ApiCall) => FakeAnswer | Promise<FakeAnswer>)>,
): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: string | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://karta.test');
    const call: ApiCall = {
      method: init.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sentHeaders.set(call, Object.fromEntries(new Headers(init.headers).entries()));
    calls.push(call);
    const listed = answers[`${call.method} ${url.pathname}`];
    const answer = typeof listed === 'function' ? await listed(call) : listed;
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    const { status, body } = answer ?? {
      status: 404,
      body: { error: { code: 'not_found', message: 'Not found' } },
    };
    return new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

/** The error body (docs/product-rules.md §Errors). */
export function apiError(code: string, message = code, details?: unknown) {
  return { error: { code, message, ...(details === undefined ? {} : { details }) } };
}
