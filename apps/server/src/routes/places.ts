import { type Place, PlaceIdParams, type PlaceList, PlaceListQuery } from '@karta/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError, validationError } from '../http/errors.ts';
import { parseInput } from '../http/validate.ts';
import { decodeCursor, encodeCursor } from '../places/cursor.ts';
import { bboxCentre } from '../places/place-repository.ts';

const DEFAULT_LIMIT = 20;

export async function placeRoutes(app: FastifyInstance) {
  app.get('/api/v1/places', async (request): Promise<PlaceList> => {
    const query = parseInput(PlaceListQuery, request.query, 'query');
    // Nearest first from `origin`, else from the box's centre; with neither, in id order.
    const origin = query.origin ?? (query.bbox ? bboxCentre(query.bbox) : undefined);
    let after: ReturnType<typeof decodeCursor>;
    if (query.cursor !== undefined) {
      after = decodeCursor(query.cursor);
      // A cursor from a list sorted the other way would silently skip or repeat places.
      if (!after || (after.distance === null) !== (origin === undefined)) {
        throw validationError([{ path: 'cursor', message: 'Not a cursor of this list' }]);
      }
    }
    const page = await app.placeRepository.listPublished({
      bbox: query.bbox,
      categories: query.category,
      origin,
      limit: query.limit ?? DEFAULT_LIMIT,
      after,
    });
    return { items: page.items, total: page.total, nextCursor: page.next ? encodeCursor(page.next) : null };
  });

  app.get('/api/v1/places/:id', async (request): Promise<Place> => {
    const { id } = parseInput(PlaceIdParams, request.params, 'path');
    const place = await app.placeRepository.findPublished(id);
    if (!place) throw new AppError(404, 'not_found', `There is no published place ${id}`);
    return place;
  });
}
