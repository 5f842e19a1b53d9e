import type { FastifyInstance } from 'fastify';
import { requireUser } from '../accounts/request-user.ts';
import { createUserRepository } from '../accounts/user-repository.ts';
import { type AuditActor, changedOnly, recordAudit } from '../audit/record-audit.ts';
import type { Queryable } from '../db/database.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError } from '../http/errors.ts';
import { auditActorOf } from './audit-actor.ts';

const ADMINS = ['admin'] as const;
const DEFAULT_LIMIT = 50;

/**
 * Changes user `id`'s role or disabled flag in `tx` (disabling ends their sessions), and records
 * what changed in the audit log; null for no such user.
 */
async function updateUser(
  tx: Queryable,
  id: number,
  patch: { role?: AuditActor['role']; disabled?: boolean },
  admin: AuditActor,
) {
  const users = createUserRepository(tx);
  const before = await users.findById(id);
  const after = await users.update(id, patch);
  if (!before || !after) return null;
  const sides = changedOnly(
    { role: before.role, disabled: before.disabled },
    { role: after.role, disabled: after.disabled },
  );
  if (Object.keys(sides.after).length > 0) {
    await recordAudit(tx, admin, { action: 'user.update', objectId: id, ...sides });
  }
  return after;
}

/**
 * User management: admins list users, change roles, disable and enable accounts
 * (docs/product-rules.md §Roles).
 */
export async function userRoutes(app: FastifyInstance) {
  // E-mail addresses are personal data: never kept by a cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  defineRoute(app, 'listUsers', async (request) => {
    requireUser(request, ADMINS);
    const { query } = request;
    return app.accounts.users.list({
      search: query.q,
      limit: query.limit ?? DEFAULT_LIMIT,
      offset: query.offset ?? 0,
    });
  });

  defineRoute(app, 'updateUser', async (request) => {
    const admin = auditActorOf(request, ADMINS);
    const { id } = request.params;
    const patch = request.body;
    // An admin who demoted or disabled themselves could leave the site with no admin at all.
    if (id === admin.id) {
      throw new AppError('forbidden', 'You cannot change your own role or disable your own account');
    }
    const user = await app.database.transaction((tx) => updateUser(tx, id, patch, admin));
    if (!user) throw new AppError('not_found', `There is no user ${id}`);
    return user;
  });
}
