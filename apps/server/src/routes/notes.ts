import type { FastifyInstance } from 'fastify';
import { MODERATOR_ROLES } from '../accounts/request-user.ts';
import { clientKey } from '../http/client-address.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError, validationError } from '../http/errors.ts';
import { createLimiter, RATE_LIMITS } from '../http/rate-limit.ts';
import { auditActorOf } from './audit-actor.ts';
import { requireMail } from './auth.ts';

const UNKNOWN_LINK = 'This link is not known, or it was used, or it is too old. Write the note again.';

/** Notes on places: writing one (signed in, or confirmed by e-mail), and the ones that apply now. */
export async function noteRoutes(app: FastifyInstance) {
  const signedOutPerAddress = createLimiter(app, RATE_LIMITS.signedOutNotesPerAddress, (request) =>
    clientKey(request),
  );

  defineRoute(app, 'createNote', async (request, reply) => {
    const { kind, text, language, effect, expiresAt, email, website } = request.body;
    const note = { kind, text, language, effect, expiresAt, website };
    const user = request.user;
    if (user) {
      const written = await app.notes.create(request.params.id, note, { account: user });
      // Only a filled-in honeypot answers a signed-in author so: as a signed-out success.
      if (!('id' in written)) reply.code(202);
      return written;
    }
    // Signed out, a note needs the address its confirmation link goes to: a field to fill in, so
    // the form can say so beside it (not a 401: writing a note needs no account).
    if (email === undefined) {
      throw validationError([
        { path: 'email', code: 'required', message: 'Enter your e-mail address, or sign in' },
      ]);
    }
    requireMail(app);
    await signedOutPerAddress(request, reply);
    const receipt = await app.notes.create(request.params.id, note, { email });
    reply.code(202);
    return receipt;
  });

  defineRoute(
    app,
    'confirmNote',
    async (request) => {
      const note = await app.notes.confirm(request.body.token);
      if (!note) throw new AppError('not_found', UNKNOWN_LINK);
      return note;
    },
    { options: { config: { rateLimit: RATE_LIMITS.noteLinksPerAddress } } },
  );

  defineRoute(app, 'transitionNote', async (request) => {
    const moderator = auditActorOf(request, MODERATOR_ROLES);
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
