import { z } from 'zod';
import { UserRole } from './auth.ts';
import { BigId } from './numbers.ts';
import { Cursor, IsoDateTime } from './primitives.ts';
import { intParam } from './query-params.ts';

/**
 * What the audit log records (docs/decisions/035-audit-log.md): every moderator's and admin's
 * action, and API tokens made or revoked by anyone. `object.verb`, the object's type first.
 */
export const AUDIT_ACTIONS = [
  'place.transition',
  'place.edit',
  'photo.transition',
  'note.transition',
  'flag.resolve',
  'user.update',
  'category.create',
  'category.update',
  'category.delete',
  'category.purge_field',
  'import.run',
  'import_source.create',
  'import_source.delete',
  'import_source.run',
  'api_token.create',
  'api_token.revoke',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'job.retry',
  'blocked_sender.add',
  'blocked_sender.remove',
] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

/** The kinds of object an action is on: the part of its action before the dot. */
export const AUDIT_OBJECT_TYPES = [
  'place',
  'photo',
  'note',
  'flag',
  'user',
  'category',
  'import',
  'import_source',
  'api_token',
  'webhook',
  'job',
  'blocked_sender',
] as const;
export const AuditObjectType = z.enum(AUDIT_OBJECT_TYPES);
export type AuditObjectType = z.infer<typeof AuditObjectType>;

/** How the actor acted: signed in in a browser, with an API token, or the site itself (a job). */
export const AuditVia = z.enum(['session', 'token', 'system']);
export type AuditVia = z.infer<typeof AuditVia>;

/** One row of the audit log; it never holds secrets, tokens or password hashes. */
export const AuditEntry = z.object({
  id: BigId,
  at: IsoDateTime,
  /** Null for the system; `displayName` null when the account no longer exists. */
  actor: z.object({ id: BigId, displayName: z.string().nullable(), role: UserRole.nullable() }).nullable(),
  via: AuditVia,
  action: AuditAction,
  object: z.object({ type: AuditObjectType, id: z.string().nullable() }),
  reason: z.string().nullable(),
  /** What changed, as it was and as it became (null where there was nothing before or after). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** `GET /api/v1/audit`: newest first, filtered; `cursor` is the previous page's `nextCursor`. */
export const AuditListQuery = z.object({
  /** Only this user's actions. */
  actor: intParam(1, Number.MAX_SAFE_INTEGER).optional(),
  action: AuditAction.optional(),
  objectType: AuditObjectType.optional(),
  /** Only with `objectType`: that one object. */
  objectId: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,200}$/, 'Expected an object id')
    .optional(),
  /** Only actions at or after this time. */
  from: IsoDateTime.optional(),
  /** Only actions before this time. */
  to: IsoDateTime.optional(),
  limit: intParam(1, 200).optional(),
  cursor: Cursor.optional(),
});
export type AuditListQuery = z.output<typeof AuditListQuery>;

export const AuditList = z.object({
  items: z.array(AuditEntry),
  nextCursor: z.string().nullable(),
});
export type AuditList = z.infer<typeof AuditList>;
