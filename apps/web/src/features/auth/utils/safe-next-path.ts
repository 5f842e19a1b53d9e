/** Where a sign-in or registration returns to when no (usable) `next` was given. */
export const DEFAULT_NEXT_PATH = '/';

// A stand-in origin to resolve `next` against: whatever resolves elsewhere is not ours.
const HERE = 'https://karta.invalid';

/**
 * The account pages themselves: returning to them after success would only show the form again;
 * and the pages of e-mail links have lost their token by then.
 */
const ACCOUNT_PAGES = new Set([
  '/sign-in',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/unsubscribe',
  '/follows',
  '/follows/confirm',
  '/notes/confirm',
]);

/**
 * The path to go to after success, from a `next` query parameter. Only a path on this site is
 * followed (`/places/12?x=1#y`); anything that leads elsewhere (`//evil.example`, `/\evil.example`,
 * `/\t/evil.example`, `https://…`, `javascript:…`) falls back to `/`, so the account pages cannot
 * be used as an open redirect. `next` is resolved by the same URL parser the browser navigates
 * with, so what is checked is where the browser would go, and the normalised path is what we use.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/')) return DEFAULT_NEXT_PATH;
  let url: URL;
  try {
    url = new URL(next, HERE);
  } catch {
    return DEFAULT_NEXT_PATH;
  }
  if (ACCOUNT_PAGES.has(url.pathname)) return DEFAULT_NEXT_PATH;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Checked on the normalised path: dot segments can turn it scheme-relative (`/..//evil.example`
  // becomes `//evil.example`), and another origin's path (`//evil.example/x` gives `/x`) is no
  // page of ours either.
  return url.origin === HERE && new URL(path, HERE).origin === HERE ? path : DEFAULT_NEXT_PATH;
}

/** An account page's address carrying `next` (left out when it is the default). */
export function withNext(path: '/sign-in' | '/register', next: string): string {
  const safe = safeNextPath(next);
  return safe === DEFAULT_NEXT_PATH ? path : `${path}?${new URLSearchParams({ next: safe })}`;
}
