import type { FastifyInstance } from 'fastify';
import { MODERATOR_ROLES, requireUser } from '../accounts/request-user.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError } from '../http/errors.ts';

/** Notes on places: writing one, and the ones that apply now. */
export async function noteRoutes(app: FastifyInstance) {
  defineRoute(app, 'createNote', async (request) => {
    const author = requireUser(request);
    const { kind, text, language, effect, expiresAt } = request.body;
    return app.notes.create(request.params.id, { kind, text, language, effect, expiresAt }, author);
  });

  defineRoute(app, 'transitionNote', async (request) => {
    const moderator = requireUser(request, MODERATOR_ROLES);
    const { id } = request.params;
    const { to, reason } = request.body;
    const note = await app.notes.transition(id, to, reason ?? null, moderator);
    if (!note) throw new AppError('not_found', `There is no note ${id}`);
    return note;
  });

  defineRoute(app, 'listNotes', async (request) => {
    const { id } = request.params;
    const list = await app.notes.list(id, request.query);
    if (!list) throw new AppError('not_found', `There is no place ${id}`);
    return list;
  });
}
