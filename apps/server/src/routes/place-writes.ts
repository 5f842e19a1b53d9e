import type { OwnPlace, PlaceStatus, PlaceTransitionOutcome } from '@karta/contracts';
import type { FastifyInstance } from 'fastify';
import { MODERATOR_ROLES, requireUser } from '../accounts/request-user.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError } from '../http/errors.ts';
import { keyedWrite, once } from '../http/idempotency.ts';
import { createPlaceHolds, heldError } from '../places/place-holds.ts';
import { canSee, checkEdit, checkTransition, isModerator, refuse } from '../places/place-rules.ts';
import { StaleVersionError } from '../places/place-write-repository.ts';
import { auditActorOf } from './audit-actor.ts';

/** A place the actor may not see answers as if it did not exist (its existence is not public). */
function notFound(id: number): AppError {
  return new AppError('not_found', `There is no place ${id}`);
}

/**
 * Proposals, edits, transitions, review holds and history (docs/product-rules.md §Roles, §States;
 * docs/decisions/036-moderation-at-volume.md). Every write needs a session.
 */
export async function placeWriteRoutes(app: FastifyInstance) {
  const places = app.placeWrites;
  const holds = createPlaceHolds(app.database);

  /**
   * Moves place `id` to `to` for `actor` if it is still at `version` and no other moderator holds
   * it; the actor's own hold ends with the decision.
   */
  async function decide(
    actor: AuditActor,
    id: number,
    to: PlaceStatus,
    reason: string | null,
    version: number,
  ): Promise<OwnPlace> {
    const held = await holds.heldByOther(id, actor.id);
    const place = await places.transition(id, to, reason, version, actor, (current) => {
      if (!canSee(actor, current)) throw notFound(id);
      // A decision taken on an old version is stale (409) before it is judged against the new one.
      if (current.version !== version) throw new StaleVersionError(current);
      refuse(checkTransition(actor, current, to, reason));
      if (held) throw heldError(held);
    });
    if (!place) throw notFound(id);
    await holds.release(id, actor.id);
    return place;
  }

  // With an Idempotency-Key, a proposal sent again (an offline draft) answers the first one as
  // it is now, and counts as no new proposal.
  defineRoute(app, 'createPlace', async (request) => {
    const actor = auditActorOf(request);
    const keyed = keyedWrite(actor.id, 'createPlace', request.headers['Idempotency-Key'], request.body);
    return once(
      app.database,
      keyed,
      (claim) => places.create(request.body, actor.id, claim),
      (placeId) => places.find(placeId),
    );
  });

  defineRoute(app, 'updatePlace', async (request) => {
    const actor = auditActorOf(request);
    const { id } = request.params;
    const patch = request.body;
    const place = await places.update(id, patch, actor, (current) => {
      if (!canSee(actor, current)) throw notFound(id);
      if (current.version !== patch.version) throw new StaleVersionError(current);
      refuse(checkEdit(actor, current));
    });
    if (!place) throw notFound(id);
    return place;
  });

  defineRoute(app, 'transitionPlace', async (request) => {
    const { to, reason, version } = request.body;
    return decide(auditActorOf(request), request.params.id, to, reason ?? null, version);
  });

  // One reason for many places, each decided on its own: one that fails (stale, held, not allowed)
  // is reported in its row and the others go on. An unexpected error (the database gone) ends the
  // batch with the usual error answer; the places decided before it stay decided.
  defineRoute(app, 'transitionPlaces', async (request) => {
    const actor = auditActorOf(request, MODERATOR_ROLES);
    const { items, to } = request.body;
    const reason = request.body.reason ?? null;
    // A rejection without a reason is refused for the whole batch (400), by the rule each place's
    // own move would apply to it.
    if (to === 'rejected') refuse(checkTransition(actor, { status: 'pending', authorId: null }, to, reason));
    const outcomes: PlaceTransitionOutcome[] = [];
    for (const { id, version } of items) {
      try {
        outcomes.push({ id, ok: true, place: await decide(actor, id, to, reason, version) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const { code, message, details } = error;
        outcomes.push({
          id,
          ok: false,
          error: { code, message, ...(details !== undefined ? { details } : {}) },
        });
      }
    }
    return { items: outcomes };
  });

  defineRoute(app, 'placeHolds', async (request) => {
    requireUser(request, MODERATOR_ROLES);
    return { items: await holds.live() };
  });

  defineRoute(app, 'holdPlace', async (request) => {
    const actor = auditActorOf(request, MODERATOR_ROLES);
    const { id } = request.params;
    if (!(await places.find(id))) throw notFound(id);
    return holds.take(id, actor.id);
  });

  defineRoute(app, 'releasePlace', async (request, reply) => {
    const actor = auditActorOf(request, MODERATOR_ROLES);
    await holds.release(request.params.id, actor.id);
    return reply.code(204).send();
  });

  /** The history names people and may hold exact positions: the author's and moderators' only. */
  defineRoute(app, 'placeHistory', async (request) => {
    const actor = auditActorOf(request);
    const { id } = request.params;
    const place = await places.find(id);
    if (!place || !canSee(actor, place)) throw notFound(id);
    if (!isModerator(actor) && place.authorId !== actor.id) {
      throw new AppError('forbidden', 'Only the author and moderators see a place’s history');
    }
    return { items: await places.history(id) };
  });
}
