import type { FastifyRequest } from 'fastify';
import { requireUser } from '../accounts/request-user.ts';
import type { AuditActor } from '../audit/record-audit.ts';

/**
 * The request's user as the audit log records them (docs/decisions/035-audit-log.md): their id,
 * the role they act with (a token's, capped by its scopes), and whether through a session or an
 * API token. A 401, or with `roles` a 403, as `requireUser`.
 */
export function auditActorOf(request: FastifyRequest, roles?: Parameters<typeof requireUser>[1]): AuditActor {
  const user = requireUser(request, roles);
  return { id: user.id, role: user.role, via: request.apiToken ? 'token' : 'session' };
}
