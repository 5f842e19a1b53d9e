import type { FastifyInstance } from 'fastify';
import { requireUser } from '../accounts/request-user.ts';
import { createAuditRepository, decodeAuditCursor, encodeAuditCursor } from '../audit/audit-repository.ts';
import { defineRoute } from '../http/contract-route.ts';
import { validationError } from '../http/errors.ts';

const ADMINS = ['admin'] as const;
const DEFAULT_LIMIT = 50;

/** The audit log for admins (docs/decisions/035-audit-log.md): read only, newest first. */
export async function auditRoutes(app: FastifyInstance) {
  const audit = createAuditRepository(app.database);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  defineRoute(app, 'listAudit', async (request) => {
    requireUser(request, ADMINS);
    const { actor, action, objectType, objectId, from, to, limit = DEFAULT_LIMIT, cursor } = request.query;
    if (objectId !== undefined && objectType === undefined) {
      throw validationError([{ path: 'objectId', message: 'An object id needs its objectType' }]);
    }
    const beforeId = cursor === undefined ? undefined : decodeAuditCursor(cursor);
    if (cursor !== undefined && beforeId === undefined) {
      throw validationError([{ path: 'cursor', message: 'This cursor is not one this list gave' }]);
    }
    const { items, more } = await audit.list(
      {
        actorId: actor,
        action,
        objectType,
        objectId,
        from: from === undefined ? undefined : new Date(from),
        to: to === undefined ? undefined : new Date(to),
        beforeId,
      },
      limit,
    );
    const last = items.at(-1);
    return { items, nextCursor: more && last ? encodeAuditCursor(last.id) : null };
  });
}
