import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config/env.ts';

/**
 * What the Google engine's pages may load, after Google's "strict CSP" for the Maps JavaScript
 * API: scripts by a per-response nonce and `'strict-dynamic'` (a trusted script may add more),
 * not by host. An allowlist of `https://*.google.com` and friends lets any script on those hosts
 * run here, and some of them serve JSONP or old libraries that are known CSP bypasses.
 */
const GOOGLE_MAPS_SOURCES = {
  script: [
    "'strict-dynamic'",
    // Ignored by browsers that know 'strict-dynamic'; lets older ones load Google's script at all.
    'https:',
    // Google's script starts workers and loads parts of itself from blob URLs.
    'blob:',
  ],
  img: [
    'https://*.googleapis.com',
    'https://*.gstatic.com',
    'https://*.google.com',
    'https://*.googleusercontent.com',
  ],
  connect: ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com', 'data:', 'blob:'],
  font: ['https://fonts.gstatic.com'],
  style: ['https://fonts.googleapis.com'],
  frame: ['https://*.google.com'],
};

/**
 * The origin(s) a tile URL template loads from: `https://{s}.tile.example.org/{z}/{x}/{y}.png`
 * becomes `https://*.tile.example.org` (a `{s}` subdomain can be any of the template's servers).
 */
export function tileOrigins(tileUrl: string): string[] {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(tileUrl);
  if (!match) return [];
  const scheme = (match[1] ?? '').toLowerCase();
  const labels = (match[2] ?? '').toLowerCase().split('.');
  // CSP allows a wildcard only as the leftmost label: every label up to the last templated one becomes `*`.
  const lastTemplated = labels.findLastIndex((label) => label.includes('{'));
  const host = lastTemplated < 0 ? labels.join('.') : ['*', ...labels.slice(lastTemplated + 1)].join('.');
  return [`${scheme}://${host}`];
}

/** The origin of a Sentry DSN (`https://key@o1.ingest.sentry.io/2` → `https://o1.ingest.sentry.io`). */
export function dsnOrigin(dsn: string | null): string | null {
  if (!dsn) return null;
  try {
    return new URL(dsn).origin;
  } catch {
    return null;
  }
}

/**
 * The content security policy: no inline or foreign script, images from us and the raster tile
 * server (none with BASEMAP=pmtiles: the base map's tiles are this server's, fetched by the map's
 * script under `connect-src 'self'`), browser errors to the Sentry DSN only. `embed` pages may be framed by any site (that is their
 * purpose); every other page refuses to be framed. With the Google engine, scripts need the
 * page's `nonce` (see `GOOGLE_MAPS_SOURCES`); a response without one (the API's JSON) runs none.
 */
export function contentSecurityPolicy(
  config: Config,
  options: { embed: boolean; nonce?: string },
): Record<string, string[]> {
  const google = usesScriptNonce(config);
  const sentry = dsnOrigin(config.sentry.dsn);
  return {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      ...(google && options.nonce ? [`'nonce-${options.nonce}'`] : []),
      ...(google ? GOOGLE_MAPS_SOURCES.script : []),
    ],
    // Inline style attributes are set by the map engines on their own elements; no inline script is.
    'style-src': ["'self'", "'unsafe-inline'", ...(google ? GOOGLE_MAPS_SOURCES.style : [])],
    'img-src': [
      "'self'",
      'data:',
      ...(config.basemap.kind === 'raster' ? tileOrigins(config.map.tileUrl) : []),
      ...(google ? GOOGLE_MAPS_SOURCES.img : []),
    ],
    'connect-src': ["'self'", ...(sentry ? [sentry] : []), ...(google ? GOOGLE_MAPS_SOURCES.connect : [])],
    'font-src': ["'self'", ...(google ? GOOGLE_MAPS_SOURCES.font : [])],
    // The embed builder's preview frames this site's own embed (Share → Embed); nothing else is framed.
    'frame-src': ["'self'", ...(google ? GOOGLE_MAPS_SOURCES.frame : [])],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': options.embed ? ['*'] : ["'none'"],
  };
}

/** Whether pages carry a script nonce: with the Google engine (see `GOOGLE_MAPS_SOURCES`). */
export function usesScriptNonce(config: Pick<Config, 'map'>): boolean {
  return config.map.engine === 'google';
}

declare module 'fastify' {
  interface FastifyReply {
    /** The nonce this response's page gives its scripts, when it is a page that has one. */
    scriptNonce: string | null;
  }
}

function serialise(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * Whether a request is for the embeddable map page: `/embed` (or `/embed/`) with any query. Only
 * that one path: any other page under it (`/embed/x`, an unknown route drawn with the full site's
 * header and links) keeps refusing to be framed.
 */
export function isEmbedPage(url: string): boolean {
  const path = url.split(/[?#]/)[0] ?? '';
  return path === '/embed' || path === '/embed/';
}

/**
 * Helmet's headers with our policy; `/embed` gets the frameable variant. Helmet's middleware is
 * made once and run on each request: @fastify/helmet made it again for every request (its policy
 * parsed each time), 6% of the main thread under the Near me load (docs/performance.md).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const https = config.publicUrl?.startsWith('https://') ?? false;
  const embedPolicy = serialise(contentSecurityPolicy(config, { embed: true }));
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(config, { embed: false }),
    },
    // Only over HTTPS: HSTS on a plain-HTTP deployment (a LAN address, say) would lock users out.
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, () => done());
  });
  app.decorateReply('scriptNonce', null);
  app.addHook('onSend', async (request, reply) => {
    const embed = isEmbedPage(request.url);
    if (reply.scriptNonce) {
      const policy = contentSecurityPolicy(config, { embed, nonce: reply.scriptNonce });
      reply.header('content-security-policy', serialise(policy));
    } else if (embed) {
      reply.header('content-security-policy', embedPolicy);
    }
    if (embed) reply.removeHeader('x-frame-options');
  });
}
