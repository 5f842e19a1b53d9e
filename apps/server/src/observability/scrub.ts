import type { Breadcrumb, Event } from '@sentry/node';

/**
 * Removes personal data from a Sentry event before it leaves the process. Measured with
 * @sentry/node 11: even with `sendDefaultPii: false` the SDK sent request bodies and the user's
 * e-mail, so nothing is trusted to the SDK's defaults.
 */

/** Request headers that say nothing about the person: everything else is dropped. */
const SAFE_HEADERS = new Set([
  'host',
  'user-agent',
  'accept',
  'accept-language',
  'content-type',
  'content-length',
]);

const SENSITIVE_KEY =
  /pass(word)?|secret|token|cookie|session|authori[sz]ation|csrf|e-?mail|phone|api[-_]?key/i;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** An API token (`karta_<prefix>_<secret>`, api-tokens/token-format.ts) quoted in any text. */
const API_TOKEN = /karta_[0-9a-f]{12}_[A-Za-z0-9_-]*/g;

/** A URL without its query string and fragment (they carry search terms, tokens and positions). */
export function stripQuery(url: string): string {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}

/** Replaces e-mail addresses and API tokens in text and masks values under sensitive keys, at any depth. */
function deepScrub(value: unknown, depth = 0): unknown {
  if (depth > 12) return '[Truncated]';
  if (typeof value === 'string') return value.replace(EMAIL, '[email]').replace(API_TOKEN, '[api token]');
  if (Array.isArray(value)) return value.map((item) => deepScrub(item, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      out[key] = SENSITIVE_KEY.test(key) ? '[Filtered]' : deepScrub(inner, depth + 1);
    }
    return out;
  }
  return value;
}

function scrubBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb {
  const data = breadcrumb.data ? { ...breadcrumb.data } : undefined;
  if (data) {
    for (const key of ['url', 'from', 'to']) {
      if (typeof data[key] === 'string') data[key] = stripQuery(data[key] as string);
    }
    delete data['http.query'];
    delete data['http.fragment'];
    delete data.body;
  }
  return deepScrub({ ...breadcrumb, ...(data ? { data } : {}) }) as Breadcrumb;
}

export function scrubEvent<E extends Event>(event: E): E {
  const scrubbed: E = { ...event };
  if (scrubbed.request) {
    const { method, url, headers } = scrubbed.request;
    const keptHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers ?? {})) {
      if (SAFE_HEADERS.has(name.toLowerCase())) keptHeaders[name] = value;
    }
    // Body (`data`), cookies, query string and environment variables are dropped entirely.
    scrubbed.request = { method, url: url ? stripQuery(url) : undefined, headers: keptHeaders };
  }
  if (scrubbed.user) {
    // Down to an id: no e-mail, name, username or IP address.
    const id = scrubbed.user.id;
    if (id === undefined || id === null || id === '') delete scrubbed.user;
    else scrubbed.user = { id };
  }
  if (scrubbed.breadcrumbs) scrubbed.breadcrumbs = scrubbed.breadcrumbs.map(scrubBreadcrumb);
  if (scrubbed.extra) scrubbed.extra = deepScrub(scrubbed.extra) as E['extra'];
  if (scrubbed.contexts) scrubbed.contexts = deepScrub(scrubbed.contexts) as E['contexts'];
  if (scrubbed.tags) scrubbed.tags = deepScrub(scrubbed.tags) as E['tags'];
  if (scrubbed.message) scrubbed.message = deepScrub(scrubbed.message) as string;
  // Messages and stack frames (their source lines and any local variables) are text too.
  if (scrubbed.exception) scrubbed.exception = deepScrub(scrubbed.exception) as E['exception'];
  return scrubbed;
}
