import type { FastifyInstance } from 'fastify';
import { staleCutoff } from '../freshness/stale.ts';
import { defineRoute } from '../http/contract-route.ts';

/** Clusters and single places of a viewport, answered by the in-memory index (no database trip). */
export async function mapRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    'map',
    async ({ query }, reply) => {
      const json = await app.mapIndex.queryJson({
        bbox: query.bbox,
        zoom: query.zoom,
        categories: query.category,
        lang: query.lang,
        openNow: query.openNow,
        staleBefore: staleCutoff().getTime(),
      });
      // Already JSON (encoded by the index's worker): a string with a JSON type is sent as it is.
      return reply.type('application/json; charset=utf-8').send(json);
    },
    // The hottest route (decision 012): its answer is built by our own index, tested against the
    // contract in map.test.ts, so it is not parsed again on every request.
    { checkResponse: false },
  );
}
