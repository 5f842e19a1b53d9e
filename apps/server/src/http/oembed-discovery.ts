import type { FastifyRequest } from 'fastify';
import { publicOrigin } from './write-guard.ts';

/** The pages an oEmbed consumer may be given: the map (the home page, with a view in its query) and a place's page. */
const DISCOVERABLE = /^\/(?:places\/[1-9]\d{0,14}\/?)?$/;

/** The longest page address put into a discovery link (a longer one is no view Karta writes). */
const MAX_PAGE_URL = 2000;

/**
 * The oEmbed discovery link of a page (oEmbed 1.0 §4), for the head of the home page and of a
 * place's page: `<link rel="alternate" type="application/json+oembed" href="…/api/v1/oembed?url=…">`.
 * Absolute, under PUBLIC_URL's origin, else the request's own. Null for any other page, or a Host
 * no URL can hold.
 */
export function oembedDiscoveryLink(request: FastifyRequest, publicUrl: string | null): string | null {
  const [path = '/', query] = request.url.split('?', 2);
  if (!DISCOVERABLE.test(path)) return null;
  let origin = publicOrigin(publicUrl);
  if (!origin) {
    try {
      origin = new URL(`${request.protocol}://${request.host}`).origin;
    } catch {
      return null;
    }
  }
  const page = `${origin}${path}${query ? `?${query}` : ''}`;
  if (page.length > MAX_PAGE_URL) return null;
  const href = `${origin}/api/v1/oembed?url=${encodeURIComponent(page)}&format=json`;
  // The page's address is percent-encoded and an origin holds no quote or bracket: only `&` to escape.
  return `<link rel="alternate" type="application/json+oembed" href="${href.replace(/&/g, '&amp;')}" />`;
}

/** The page with the link at the end of its head. */
export function withDiscoveryLink(html: string, link: string | null): string {
  return link ? html.replace('</head>', () => `  ${link}\n  </head>`) : html;
}
