/**
 * What an oEmbed request's `url` names on this site (README "Embedding a map"): a view of
 * the map (the home page, or an embed, with its filters in the query) or a place's page. Anything
 * else, and any address of another site, is nothing (the endpoint's 404). Only the parameters the
 * embed reads are kept, each bounded; the embed page checks their values as it does any link's.
 */
export type OEmbedTarget = { kind: 'map'; params: URLSearchParams } | { kind: 'place'; id: number };

/** The view's parameters (lib/view-url.ts in the web app) and the embed's own (lib/embed-options.ts). */
const VIEW_PARAMETERS = new Set(['lat', 'lng', 'z', 'cat', 'q', 'open']);
const EMBED_PARAMETERS = new Set(['lang', 'h', 'list', 'fs', 'propose', 'fixed']);
/** Field filters: `f.<key>`, `f.<key>.min`, `f.<key>.max`. */
const FIELD_FILTER = /^f\.[a-z][a-z0-9_]{0,39}(?:\.(?:min|max))?$/;
const MAX_VALUE_LENGTH = 200;
const MAX_PARAMETERS = 40;
const PLACE_PATH = /^\/places\/([1-9]\d{0,14})\/?$/;

/**
 * Where the site is: PUBLIC_URL's origin when set; otherwise the request's host under either
 * scheme (a proxy that ends TLS hides the browser's), as the write guard reads it.
 */
export interface SiteAddress {
  publicOrigin: string | null;
  host: string | undefined;
}

function isThisSite(url: URL, site: SiteAddress): boolean {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  if (site.publicOrigin) return url.origin === site.publicOrigin;
  if (site.host === undefined) return false;
  // Either scheme on the request's host, each with its default port written as URLs write it.
  return ['http', 'https'].some((scheme) => {
    try {
      return new URL(`${scheme}://${site.host}`).origin === url.origin;
    } catch {
      return false;
    }
  });
}

function keptParameters(query: URLSearchParams, embed: boolean): URLSearchParams {
  const kept = new URLSearchParams();
  for (const [name, value] of query) {
    if (kept.size >= MAX_PARAMETERS) break;
    const known =
      VIEW_PARAMETERS.has(name) || FIELD_FILTER.test(name) || (embed && EMBED_PARAMETERS.has(name));
    if (known && value.length <= MAX_VALUE_LENGTH && !kept.has(name)) kept.set(name, value);
  }
  return kept;
}

/** The page `url` names, and the origin its embed is served from, or null when it is no page of this site's to embed. */
export function oembedTarget(
  raw: string,
  site: SiteAddress,
): { target: OEmbedTarget; origin: string } | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (!isThisSite(url, site)) return null;
  const path = url.pathname;
  if (path === '/' || path === '/embed' || path === '/embed/')
    return {
      target: { kind: 'map', params: keptParameters(url.searchParams, path !== '/') },
      origin: url.origin,
    };
  const place = PLACE_PATH.exec(path);
  if (place) return { target: { kind: 'place', id: Number(place[1]) }, origin: url.origin };
  return null;
}
