/**
 * Personal-data scrubbing for error reports. Measured: even with `sendDefaultPii: false` the SDK
 * sends request bodies and the user's e-mail, so every event and breadcrumb passes through here.
 * The types are structural so this module stays pure and does not load the SDK.
 */

interface ScrubbableRequest {
  url?: string;
  method?: string;
  data?: unknown;
  query_string?: unknown;
  cookies?: unknown;
  env?: unknown;
  headers?: Record<string, string>;
}

interface ScrubbableUser {
  id?: string | number;
  email?: string;
  username?: string;
  ip_address?: string | null;
}

/** The parts of a breadcrumb that can carry personal data. */
export interface ScrubbableBreadcrumb {
  category?: string;
  message?: string;
  // biome-ignore lint/suspicious/noExplicitAny: the SDK types breadcrumb data as `any` values.
  data?: { [key: string]: any };
}

/** The parts of an event that can carry personal data. */
export interface ScrubbableEvent {
  message?: string;
  request?: ScrubbableRequest;
  user?: ScrubbableUser;
  breadcrumbs?: ScrubbableBreadcrumb[];
  exception?: { values?: Array<{ type?: string; value?: string }> };
  /** Free-form data from `captureException(…, { extra })`, integrations and `setTag`/`setContext`. */
  extra?: Record<string, unknown>;
  contexts?: Record<string, unknown>;
  tags?: Record<string, unknown>;
}

/** Headers worth keeping: they identify the browser, not the person. */
const SAFE_HEADERS = new Set(['user-agent', 'accept-language']);

/** Breadcrumb data fields that hold URLs (fetch/xhr `url`, navigation `from`/`to`). */
const URL_FIELDS = ['url', 'from', 'to'] as const;

/** Breadcrumb data fields that hold payloads. */
const BODY_FIELDS = ['body', 'request_body', 'response_body', 'data'] as const;

/** Keys whose values are secrets or payloads, wherever they appear in free-form data. */
const SECRET_KEY = /password|passwd|secret|token|cookie|authorization|session|body|payload/i;

/** Deeper free-form data is cut off: reports need the shape, not whole object graphs. */
const MAX_DEPTH = 6;

const EMAIL = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[a-z]{2,}/gi;
const URL_WITH_QUERY = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#"']*|(?:^|(?<=\s))\/[^\s?#"']*)[?#][^\s"']*/gi;

/** A URL without its query string and fragment (they carry coordinates, search terms, tokens). */
export function stripQuery(url: string): string {
  return url.replace(/[?#].*$/s, '');
}

/** Free text with e-mail addresses and URL query strings removed. */
export function scrubText(text: string): string {
  return text.replace(URL_WITH_QUERY, '$1').replace(EMAIL, '[email]');
}

function scrubRequest(request: ScrubbableRequest): ScrubbableRequest {
  const headers = request.headers
    ? Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => SAFE_HEADERS.has(name.toLowerCase())),
      )
    : undefined;
  return {
    ...(request.url === undefined ? {} : { url: stripQuery(request.url) }),
    ...(request.method === undefined ? {} : { method: request.method }),
    ...(headers ? { headers } : {}),
  };
}

/**
 * Free-form data with the same rules as the rest: text without e-mails or URL queries, and no
 * secret or payload fields at any depth. Numbers, booleans and null pass as they are.
 */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[cut]';
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([key]) => !SECRET_KEY.test(key))
    .map(([key, item]) => [key, scrubValue(item, depth + 1)]);
  return Object.fromEntries(entries);
}

function scrubRecord(record: Record<string, unknown>): Record<string, unknown> {
  return scrubValue(record) as Record<string, unknown>;
}

/** A breadcrumb without bodies, URL queries or e-mail addresses. */
export function scrubBreadcrumb<B extends ScrubbableBreadcrumb>(breadcrumb: B): B {
  const scrubbed: B = { ...breadcrumb };
  if (typeof scrubbed.message === 'string') scrubbed.message = scrubText(scrubbed.message);
  if (scrubbed.data) {
    const data = { ...scrubbed.data };
    for (const field of URL_FIELDS) {
      const value = data[field];
      if (typeof value === 'string') data[field] = stripQuery(value);
    }
    for (const field of BODY_FIELDS) delete data[field];
    scrubbed.data = data;
  }
  return scrubbed;
}

/** An event reduced to what debugging needs: no bodies, cookies, queries, e-mails; the user as an id. */
export function scrubEvent<E extends ScrubbableEvent>(event: E): E {
  const scrubbed: E = { ...event };
  if (scrubbed.request) scrubbed.request = scrubRequest(scrubbed.request);
  if (scrubbed.user) {
    const id = scrubbed.user.id;
    if (id === undefined || id === null || id === '') delete scrubbed.user;
    else scrubbed.user = { id } as E['user'];
  }
  if (typeof scrubbed.message === 'string') scrubbed.message = scrubText(scrubbed.message);
  if (scrubbed.exception?.values) {
    scrubbed.exception = {
      ...scrubbed.exception,
      values: scrubbed.exception.values.map((value) =>
        typeof value.value === 'string' ? { ...value, value: scrubText(value.value) } : value,
      ),
    };
  }
  if (scrubbed.breadcrumbs) scrubbed.breadcrumbs = scrubbed.breadcrumbs.map(scrubBreadcrumb);
  if (scrubbed.extra) scrubbed.extra = scrubRecord(scrubbed.extra);
  if (scrubbed.contexts) scrubbed.contexts = scrubRecord(scrubbed.contexts);
  if (scrubbed.tags) scrubbed.tags = scrubRecord(scrubbed.tags);
  return scrubbed;
}
