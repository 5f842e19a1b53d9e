import type { FastifyInstance } from 'fastify';
import { MODERATOR_ROLES, requireUser } from '../accounts/request-user.ts';
import { defineRoute } from '../http/contract-route.ts';
import { pendingNotes } from '../notes/note-queue.ts';

/** The moderators' queue of notes waiting for a look (decisions go through `transitionNote`). */
export async function noteReviewRoutes(app: FastifyInstance) {
  defineRoute(app, 'pendingNotes', async (request) => {
    requireUser(request, MODERATOR_ROLES);
    return pendingNotes(app.database, request.query);
  });
}
