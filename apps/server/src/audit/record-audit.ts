import type { AuditAction, AuditObjectType, AuditVia, UserRole } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';

/**
 * Who acts, as the audit log records them: the user and the role they acted with (a token without
 * `moderate` acts as a contributor), and how: a browser's session or an API token. The site's own
 * jobs act as `SYSTEM_ACTOR`.
 */
export interface AuditActor {
  id: number;
  role: UserRole;
  via: Exclude<AuditVia, 'system'>;
}

/** The site itself: a scheduled job, with no user behind it. */
export const SYSTEM_ACTOR = null;

/** One action, as `recordAudit` writes it. */
export interface AuditEntryInput {
  action: AuditAction;
  /** The object's type is the action's part before the dot; its id, when it has one. */
  objectId: number | string | null;
  reason?: string | null;
  /** Only what changed where that is natural; never secrets, tokens or password hashes. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** The object type of `action`: `place.transition` is on a `place`. */
export const objectTypeOf = (action: AuditAction) => action.split('.')[0] as AuditObjectType;

/**
 * Writes one row of the audit log (docs/decisions/035-audit-log.md) in `tx`, the action's own
 * transaction: a refused or failed action rolls it back with everything else, and an action that
 * commits always has its row. `actor` null: the system.
 */
export async function recordAudit(
  tx: Queryable,
  actor: AuditActor | null,
  entry: AuditEntryInput,
): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (actor_id, actor_role, via, action, object_type, object_id, reason, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb)`,
    [
      actor?.id ?? null,
      actor?.role ?? null,
      actor?.via ?? 'system',
      entry.action,
      objectTypeOf(entry.action),
      entry.objectId === null ? null : String(entry.objectId),
      entry.reason ?? null,
      entry.before ? JSON.stringify(entry.before) : null,
      entry.after ? JSON.stringify(entry.after) : null,
    ],
  );
}

/** `before` and `after` holding only the keys whose values differ (compared as JSON). */
export function changedOnly(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const keys = Object.keys(after).filter(
    (key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}
