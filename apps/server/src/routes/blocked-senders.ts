import type { FastifyInstance } from 'fastify';
import { requireUser } from '../accounts/request-user.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError } from '../http/errors.ts';
import { blockedSenders } from '../notes/blocked-senders.ts';
import { auditActorOf } from './audit-actor.ts';

const ADMINS = ['admin'] as const;

/** The addresses and domains whose notes are refused: admins list, add and remove them. */
export async function blockedSenderRoutes(app: FastifyInstance) {
  // E-mail addresses are personal data: never kept by a cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  defineRoute(app, 'listBlockedSenders', async (request) => {
    requireUser(request, ADMINS);
    return { items: await blockedSenders.list(app.database) };
  });

  defineRoute(app, 'blockSender', async (request) => {
    const blocked = await blockedSenders.add(app.database, request.body.value, auditActorOf(request, ADMINS));
    return blocked;
  });

  defineRoute(app, 'unblockSender', async (request, reply) => {
    const admin = auditActorOf(request, ADMINS);
    if (!(await blockedSenders.remove(app.database, request.params.id, admin))) {
      throw new AppError('not_found', 'This address or domain is not blocked');
    }
    return reply.code(204).send();
  });
}
