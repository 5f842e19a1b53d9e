import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errors.ts';
import { homeFirstView, withHomeFirstView } from './first-view.ts';
import { oembedDiscoveryLink, withDiscoveryLink } from './oembed-discovery.ts';
import { pageHints } from './page-hints.ts';
import {
  type PrecompressedPage,
  precompressedPage,
  sendCompressedNow,
  sendPrecompressed,
} from './precompressed-page.ts';
import { usesScriptNonce } from './security.ts';

const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Karta: front end not built</title></head>
<body style="font-family: sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>Karta's front end is not built yet</h1>
<p>The API is running under <a href="/api/v1/health">/api/v1/health</a>. To get the web app, run
<code>npm run build</code> in the repository root and restart the server (or simply run <code>npm start</code>, which does both).</p>
</body></html>`;

/**
 * The home page is precompressed once per discovery link it carries, that is per origin: PUBLIC_URL's,
 * or without it the few hosts the site is reached by; beyond these it is compressed as it is sent.
 */
const MAX_HOME_PAGES = 4;

function isApi(url: string) {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** The paths of the page itself (served by `registerWebApp`, with a nonce when it needs one). */
function isIndexPage(path: string) {
  return path === '/' || path === '/index.html';
}

/**
 * The built index.html with `nonce` on every script and module preload, and in the meta tag that
 * Vite's preload helper reads for the preloads it adds later. Our own build's file, so a plain
 * replacement is enough.
 */
export function withScriptNonce(html: string, nonce: string): string {
  return html
    .replace(/<script\b/g, `<script nonce="${nonce}"`)
    .replace(/<link\b(?=[^>]*\brel="modulepreload")/g, `<link nonce="${nonce}"`)
    .replace(/<head>/, `<head>\n    <meta property="csp-nonce" nonce="${nonce}" />`);
}

function isSourceMap(path: string) {
  return path.toLowerCase().endsWith('.map');
}

function wantsHtml(request: FastifyRequest) {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/**
 * Serves the built web app (apps/web/dist): hashed files under /assets cached for a year,
 * everything else (index.html above all) revalidated on every load, and any other page path
 * answered with index.html so client-side routes such as /places/12 work on reload. Anything
 * else unknown, and every unknown /api path, gets the JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  // With a nonce-based CSP the page differs per response, so it is kept in memory and served here.
  const noncedPage =
    hasBuild && usesScriptNonce(app.appConfig) ? readFileSync(join(distDir, 'index.html'), 'utf8') : null;
  // Pages with a script nonce cannot preload scripts by header (see page-hints.ts).
  const hints = hasBuild
    ? pageHints(app.appConfig.map, distDir, {
        scripts: !usesScriptNonce(app.appConfig),
        basemap: app.appConfig.basemap.kind,
      })
    : null;
  const hintPage = (reply: FastifyReply) => {
    if (!hints) return;
    reply.header('link', hints(reply.request.headers['accept-language']));
    reply.header('vary', 'accept-language');
  };
  // The home page as its link opens it (no query: a view or place in the URL is the app's to
  // show) with its first view drawn in the HTML, built once; Google's engine has none.
  const firstView =
    hasBuild && !noncedPage ? homeFirstView(app.appConfig.map, app.appConfig.basemap.kind) : null;
  const indexPage = hasBuild && !noncedPage ? readFileSync(join(distDir, 'index.html'), 'utf8') : null;
  const homeHtml = firstView && indexPage ? withHomeFirstView(indexPage, firstView) : null;
  const homePages = new Map<string, PrecompressedPage>();
  const homePageWith = (html: string, link: string | null): PrecompressedPage | null => {
    const key = link ?? '';
    let page = homePages.get(key);
    if (!page && homePages.size < MAX_HOME_PAGES) {
      page = precompressedPage(withDiscoveryLink(html, link));
      homePages.set(key, page);
    }
    return page ?? null;
  };
  const sendPage = (reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    hintPage(reply);
    reply.type('text/html; charset=utf-8');
    // The map's page and a place's page name their oEmbed answer in their head (oembed-discovery.ts).
    const link = oembedDiscoveryLink(reply.request, app.appConfig.publicUrl);
    if (homeHtml && reply.request.url === '/') {
      const page = homePageWith(homeHtml, link);
      return page
        ? sendPrecompressed(reply, page)
        : sendCompressedNow(reply, withDiscoveryLink(homeHtml, link));
    }
    if (indexPage)
      return link
        ? sendCompressedNow(reply, withDiscoveryLink(indexPage, link))
        : reply.sendFile('index.html');
    const nonce = randomBytes(16).toString('base64');
    reply.scriptNonce = nonce;
    return reply.send(withScriptNonce(withDiscoveryLink(noncedPage ?? '', link), nonce));
  };
  // Ahead of the static files, which would answer `/` with the plain index.html.
  if (indexPage) app.get('/', (_request, reply) => sendPage(reply));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      // The build writes `.br` and `.gz` copies beside each asset (apps/web/build/precompress.ts):
      // the one the client accepts is sent as it is, with `Vary: Accept-Encoding`.
      preCompressed: true,
      cacheControl: false,
      // Source maps stay on disk for error reporting (Vite writes them `hidden`) but are not
      // published: they would hand out the whole source, comments included.
      allowedPath: (path) => !isSourceMap(path) && !(noncedPage && isIndexPage(path)),
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.startsWith(join(distDir, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        if (/[\\/]index\.html(?:\.br|\.gz)?$/.test(path)) hintPage(reply as FastifyReply);
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if ((noncedPage && isIndexPage(path)) || (!isApi(path) && !isSourceMap(path) && wantsHtml(request))) {
      if (!hasBuild) return reply.status(503).type('text/html; charset=utf-8').send(MISSING_BUILD_PAGE);
      return sendPage(reply);
    }
    return sendError(reply, {
      error: { code: 'not_found', message: `Nothing here: ${request.method} ${path.slice(0, 200)}` },
    });
  });
}
