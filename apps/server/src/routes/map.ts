import { MapQuery, type MapResponse } from '@karta/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../http/validate.ts';

/** Clusters and single places of a viewport, answered by the in-memory index (no database trip). */
export async function mapRoutes(app: FastifyInstance) {
  app.get('/api/v1/map', async (request): Promise<MapResponse> => {
    const query = parseInput(MapQuery, request.query, 'query');
    return app.mapIndex.query({
      bbox: query.bbox,
      zoom: query.zoom,
      categories: query.category,
      lang: query.lang,
    });
  });
}
