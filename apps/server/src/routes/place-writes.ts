import type { FastifyInstance } from 'fastify';
import { requireUser } from '../accounts/request-user.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError } from '../http/errors.ts';
import { keyedWrite, once } from '../http/idempotency.ts';
import {
  type Actor,
  canSee,
  checkEdit,
  checkTransition,
  isModerator,
  refuse,
} from '../places/place-rules.ts';
import { StaleVersionError } from '../places/place-write-repository.ts';

function actorOf(request: Parameters<typeof requireUser>[0]): Actor {
  const user = requireUser(request);
  return { id: user.id, role: user.role };
}

/** A place the actor may not see answers as if it did not exist (its existence is not public). */
function notFound(id: number): AppError {
  return new AppError('not_found', `There is no place ${id}`);
}

/**
 * Proposals, edits, transitions and history (docs/product-rules.md §Roles, §States). Every write
 * needs a session.
 */
export async function placeWriteRoutes(app: FastifyInstance) {
  const places = app.placeWrites;

  // With an Idempotency-Key, a proposal sent again (an offline draft) answers the first one as
  // it is now, and counts as no new proposal.
  defineRoute(app, 'createPlace', async (request) => {
    const actor = actorOf(request);
    const keyed = keyedWrite(actor.id, 'createPlace', request.headers['Idempotency-Key'], request.body);
    return once(
      app.database,
      keyed,
      (claim) => places.create(request.body, actor.id, claim),
      (placeId) => places.find(placeId),
    );
  });

  defineRoute(app, 'updatePlace', async (request) => {
    const actor = actorOf(request);
    const { id } = request.params;
    const patch = request.body;
    const place = await places.update(id, patch, actor.id, (current) => {
      if (!canSee(actor, current)) throw notFound(id);
      if (current.version !== patch.version) throw new StaleVersionError(current);
      refuse(checkEdit(actor, current));
    });
    if (!place) throw notFound(id);
    return place;
  });

  defineRoute(app, 'transitionPlace', async (request) => {
    const actor = actorOf(request);
    const { id } = request.params;
    const { to, reason, version } = request.body;
    const place = await places.transition(id, to, reason ?? null, version, actor.id, (current) => {
      if (!canSee(actor, current)) throw notFound(id);
      // A decision taken on an old version is stale (409) before it is judged against the new one.
      if (current.version !== version) throw new StaleVersionError(current);
      refuse(checkTransition(actor, current, to, reason ?? null));
    });
    if (!place) throw notFound(id);
    return place;
  });

  /** The history names people and may hold exact positions: the author's and moderators' only. */
  defineRoute(app, 'placeHistory', async (request) => {
    const actor = actorOf(request);
    const { id } = request.params;
    const place = await places.find(id);
    if (!place || !canSee(actor, place)) throw notFound(id);
    if (!isModerator(actor) && place.authorId !== actor.id) {
      throw new AppError('forbidden', 'Only the author and moderators see a place’s history');
    }
    return { items: await places.history(id) };
  });
}
