import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errors.ts';

const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Karta: front end not built</title></head>
<body style="font-family: sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>Karta's front end is not built yet</h1>
<p>The API is running under <a href="/api/v1/health">/api/v1/health</a>. To get the web app, run
<code>npm run build</code> in the repository root and restart the server (or simply run <code>npm start</code>, which does both).</p>
</body></html>`;

function isApi(url: string) {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
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
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      cacheControl: false,
      // Source maps stay on disk for error reporting (Vite writes them `hidden`) but are not
      // published: they would hand out the whole source, comments included.
      allowedPath: (path) => !isSourceMap(path),
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.startsWith(join(distDir, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (!isApi(path) && !isSourceMap(path) && wantsHtml(request)) {
      if (!hasBuild) return reply.status(503).type('text/html; charset=utf-8').send(MISSING_BUILD_PAGE);
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return sendError(reply, 404, {
      error: { code: 'not_found', message: `Nothing here: ${request.method} ${path.slice(0, 200)}` },
    });
  });
}
