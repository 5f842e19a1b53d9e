import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../http/contract-route.ts';

/** Clusters and single places of a viewport, answered by the in-memory index (no database trip). */
export async function mapRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    'map',
    ({ query }) =>
      app.mapIndex.query({
        bbox: query.bbox,
        zoom: query.zoom,
        categories: query.category,
        lang: query.lang,
      }),
    // The hottest route (decision 012): its answer is built by our own index, tested against the
    // contract in map.test.ts, so it is not parsed again on every request.
    { checkResponse: false },
  );
}
