import { listOrigin } from '@karta/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../accounts/request-user.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError, validationError } from '../http/errors.ts';
import { noteFactsFor, noteFactsJson, withNoteFacts } from '../notes/status-notes.ts';
import { decodeCursor, encodeCursor } from '../places/cursor.ts';
import { listFilterProblems } from '../places/list-filters.ts';
import { isSimilarName } from '../places/similar-names.ts';
import { fieldFiltersOf } from './field-filters.ts';

const DEFAULT_LIMIT = 20;
const DEFAULT_SUGGESTIONS = 6;
/** How far a possible duplicate may be (docs/product-rules.md §Duplicates). */
const DUPLICATE_DISTANCE_M = 200;
const EVERY_STATUS = ['pending', 'published', 'rejected', 'archived'] as const;

/** Reads of places, each answered as the reader may see it (visitors: published places only). */
export async function placeRoutes(app: FastifyInstance) {
  defineRoute(app, 'listPlaces', async (request, reply) => {
    const { query } = request;
    const author = query.mine ? requireUser(request) : null;
    const problems = listFilterProblems(query);
    if (problems.length > 0) throw validationError(problems);
    // Nearest first from `near`/`covers`/`origin`, else from the box's centre; with none, in id order.
    const origin = listOrigin(query);
    let after: ReturnType<typeof decodeCursor>;
    if (query.cursor !== undefined) {
      after = decodeCursor(query.cursor);
      // A cursor from a list sorted the other way would silently skip or repeat places.
      if (
        !after ||
        (after.distance === null) !== (origin === undefined) ||
        (after.rank === undefined) !== (query.q === undefined)
      ) {
        throw validationError([{ path: 'cursor', message: 'Not a cursor of this list' }]);
      }
    }
    const page = await app.placeRepository.list(
      {
        statuses: query.status ?? (author ? EVERY_STATUS : ['published']),
        authorId: author?.id,
        order: query.order ?? 'oldest',
        bbox: query.bbox,
        categories: query.category,
        origin,
        q: query.q,
        near: query.near,
        radius: query.radius,
        covers: query.covers,
        openNow: query.openNow,
        openAt: query.openAt,
        stale: query.stale,
        fieldFilters: await fieldFiltersOf(app, query.f),
        limit: query.limit ?? DEFAULT_LIMIT,
        after,
      },
      request.user,
    );
    // A note published or ended changes the next answer: read with each answer, or kept until
    // the change log names the place when the page came from the caught-up map index.
    const now = new Date();
    if (page.kept) {
      // A visitor's page from memory, written as JSON from its kept items (kept-page.ts): the
      // Near me and search reads under load. Its form is the contract's, tested in kept-places.test.ts.
      const facts = await noteFactsFor(app.database, page.kept.placeIds, now, app.keptPlaces.noteFacts);
      const json = page.kept.json((id) => {
        const known = facts.get(id);
        return known && noteFactsJson(known);
      });
      return reply.type('application/json; charset=utf-8').send(json);
    }
    return {
      items: await withNoteFacts(
        app.database,
        page.items,
        now,
        page.caughtUp ? app.keptPlaces.noteFacts : undefined,
      ),
      total: page.total,
      totalIsLowerBound: page.totalIsLowerBound,
      nextCursor: page.next ? encodeCursor(page.next) : null,
    };
  });

  defineRoute(app, 'suggestPlaces', async (request) => {
    const { query } = request;
    const items = await app.placeRepository.suggest(
      {
        q: query.q,
        origin: query.origin,
        categories: query.category,
        fieldFilters: await fieldFiltersOf(app, query.f),
        limit: query.limit ?? DEFAULT_SUGGESTIONS,
      },
      request.user,
    );
    return { items };
  });

  defineRoute(app, 'similarPlaces', async (request) => {
    const { near, name, exclude } = request.query;
    // Published places within 200 m (what a visitor sees), nearest first; the names are compared here.
    const nearby = await app.placeRepository.list(
      {
        statuses: ['published'],
        order: 'oldest',
        near,
        radius: DUPLICATE_DISTANCE_M,
        origin: near,
        limit: 100,
      },
      null,
    );
    const items = nearby.items.filter(
      (place) =>
        place.id !== exclude && Object.values(place.name).some((candidate) => isSimilarName(name, candidate)),
    );
    return { items };
  });

  defineRoute(app, 'getPlace', async (request) => {
    const { id } = request.params;
    const place = await app.placeRepository.find(id, request.user);
    // Not there, or not for this reader: the same answer, so a hidden place's existence stays hidden.
    if (!place) throw new AppError('not_found', `There is no place ${id}`);
    const [withNotes] = await withNoteFacts(app.database, [place]);
    return withNotes ?? place;
  });
}
