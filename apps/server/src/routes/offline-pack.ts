import { pipeline, Readable } from 'node:stream';
import { createBrotliDecompress } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { acceptsBrotli } from '../http/compression.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError } from '../http/errors.ts';
import { reportError } from '../observability/sentry.ts';
import { createOfflinePacks, PACK_BUSY_RETRY_AFTER_S, type Pack } from '../offline/offline-packs.ts';
import { fieldFiltersOf } from './field-filters.ts';

/**
 * The pack's bytes for this answer, with a failure of its build after the first byte logged and
 * reported before it cuts the answer short (as an export's, send-export.ts).
 */
async function* reported(reply: FastifyReply, pack: Pack) {
  try {
    yield* pack.bytes.read();
  } catch (error) {
    reply.request.log.error(
      { err: error },
      'offline pack failed after its first byte: the answer is cut short',
    );
    reportError(error, reply.request);
    throw error;
  }
}

/**
 * The offline pack of an area (decision 024): its published places (of some categories, passing
 * some field filters, when asked), the categories and their hours, in one answer, streamed as it is built; at most `MAX_PACK_BUILDS` built at once, finished ones
 * handed out again while nothing changed (offline/offline-packs.ts, decision 024).
 */
export async function offlinePackRoutes(app: FastifyInstance) {
  const packs = createOfflinePacks({
    database: app.database,
    places: app.placeRepository,
    categories: app.categoryRepository,
    hours: app.appConfig.hours,
    towns: app.geocoder && {
      inBox: app.geocoder.townsIn,
      attribution: app.geocoder.townsAttribution,
    },
  });

  defineRoute(app, 'offlinePack', async (request, reply) => {
    // A snapshot stamped with its time: a cache between us and the browser would hand out an old
    // one as new. The browser keeps the pack itself; a client that kept one may ask with its ETag.
    reply.header('cache-control', 'no-store').header('vary', 'accept-encoding');
    // `f.<key>` as the map and the list read them: an unknown key or a bad value is their 400.
    const fieldFilters = await fieldFiltersOf(app, request.query.f);
    const answer = await packs.get({ ...request.query, fieldFilters }, request.headers['if-none-match']);
    if (answer.kind === 'busy') {
      throw new AppError(
        'server_busy',
        'Many areas are being saved right now. Try again in a few seconds.',
        { retryAfterSeconds: PACK_BUSY_RETRY_AFTER_S },
        { headers: { 'retry-after': PACK_BUSY_RETRY_AFTER_S } },
      );
    }
    const { pack } = answer;
    reply.header('etag', pack.etag);
    if (answer.kind === 'not-modified') return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    const bytes = Readable.from(reported(reply, pack));
    // Packs are kept compressed with brotli, which nearly every browser takes as it is; for any
    // other client they are decompressed as they are sent (and compressed as it asks, compression.ts).
    if (acceptsBrotli(request.headers['accept-encoding'])) {
      return reply.header('content-encoding', 'br').send(bytes);
    }
    return reply.send(pipeline(bytes, createBrotliDecompress(), () => undefined));
  });
}
