import {
  type OwnPlace,
  type PlaceHistory,
  PlaceIdParams,
  PlaceInput,
  PlacePatch,
  PlaceTransition,
} from '@karta/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '../accounts/request-user.ts';
import { DatabaseError } from '../db/database.ts';
import { AppError, validationError } from '../http/errors.ts';
import { parseInput } from '../http/validate.ts';
import {
  type Actor,
  canSee,
  checkEdit,
  checkTransition,
  isModerator,
  type Refusal,
} from '../places/place-rules.ts';
import { StaleVersionError } from '../places/place-write-repository.ts';

function actorOf(request: FastifyRequest): Actor {
  const user = requireUser(request);
  return { id: user.id, role: user.role };
}

function refuse(refusal: Refusal): never {
  if (refusal.code === 'reason_required')
    throw validationError([{ path: 'reason', message: refusal.message }]);
  throw new AppError(refusal.status, refusal.code, refusal.message);
}

/** A place the actor may not see answers as if it did not exist (its existence is not public). */
function notFound(id: number): AppError {
  return new AppError(404, 'not_found', `There is no place ${id}`);
}

/** Runs a versioned write; a stale version is 409 with the current version, for the client to reload. */
async function versioned<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof StaleVersionError) {
      throw new AppError(409, 'conflict', 'The place was changed by someone else: reload it and try again', {
        currentVersion: error.current.version,
      });
    }
    // The category named does not exist (a foreign key), which is the client's mistake.
    if (error instanceof DatabaseError && error.code === '23503') {
      throw validationError([{ path: 'categoryId', message: 'There is no such category' }]);
    }
    throw error;
  }
}

/** Proposals, edits, transitions and history (PRODUCT.md §2 and §4). Every write needs a session. */
export async function placeWriteRoutes(app: FastifyInstance) {
  const places = app.placeWrites;

  app.post('/api/v1/places', async (request: FastifyRequest, reply: FastifyReply): Promise<OwnPlace> => {
    const actor = actorOf(request);
    const input = parseInput(PlaceInput, request.body, 'body');
    const place = await versioned(() => places.create(input, actor.id));
    reply.code(201);
    return place;
  });

  app.patch('/api/v1/places/:id', async (request): Promise<OwnPlace> => {
    const actor = actorOf(request);
    const { id } = parseInput(PlaceIdParams, request.params, 'path');
    const patch = parseInput(PlacePatch, request.body, 'body');
    const place = await versioned(() =>
      places.update(id, patch, actor.id, (current) => {
        if (!canSee(actor, current)) throw notFound(id);
        if (current.version !== patch.version) throw new StaleVersionError(current);
        const refusal = checkEdit(actor, current);
        if (refusal) refuse(refusal);
      }),
    );
    if (!place) throw notFound(id);
    return place;
  });

  app.post('/api/v1/places/:id/transition', async (request): Promise<OwnPlace> => {
    const actor = actorOf(request);
    const { id } = parseInput(PlaceIdParams, request.params, 'path');
    const { to, reason, version } = parseInput(PlaceTransition, request.body, 'body');
    const place = await versioned(() =>
      places.transition(id, to, reason ?? null, version, actor.id, (current) => {
        if (!canSee(actor, current)) throw notFound(id);
        // A decision taken on an old version is stale (409) before it is judged against the new one.
        if (current.version !== version) throw new StaleVersionError(current);
        const refusal = checkTransition(actor, current, to, reason ?? null);
        if (refusal) refuse(refusal);
      }),
    );
    if (!place) throw notFound(id);
    return place;
  });

  /** The history names people and may hold exact positions: the author's and moderators' only. */
  app.get('/api/v1/places/:id/history', async (request): Promise<PlaceHistory> => {
    const actor = actorOf(request);
    const { id } = parseInput(PlaceIdParams, request.params, 'path');
    const place = await places.find(id);
    if (!place || !canSee(actor, place)) throw notFound(id);
    if (!isModerator(actor) && place.authorId !== actor.id) {
      throw new AppError(403, 'forbidden', 'Only the author and moderators see a place’s history');
    }
    return { items: await places.history(id) };
  });
}
