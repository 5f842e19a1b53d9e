import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../http/contract-route.ts';
import { buildOfflinePack } from '../offline/offline-pack.ts';

/** The offline pack of an area (issue 16): its published places and the categories, in one answer. */
export async function offlinePackRoutes(app: FastifyInstance) {
  defineRoute(app, 'offlinePack', async (request, reply) => {
    const pack = await buildOfflinePack(
      { places: app.placeRepository, categories: app.categoryRepository },
      request.query,
    );
    // A snapshot stamped with its time: a cache between us and the browser would hand out an old
    // one as new. The browser keeps the pack itself.
    reply.header('cache-control', 'no-store');
    return pack;
  });
}
