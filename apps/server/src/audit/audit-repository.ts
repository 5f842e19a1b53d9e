import type { AuditAction, AuditEntry, AuditObjectType, AuditVia, UserRole } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';

/** What `list` filters by; every part optional. */
export interface AuditFilters {
  actorId?: number;
  action?: AuditAction;
  objectType?: AuditObjectType;
  objectId?: string;
  from?: Date;
  to?: Date;
  /** Only rows older than this one (the previous page's last). */
  beforeId?: number;
}

interface AuditRow {
  id: number;
  at: Date;
  actor_id: number | null;
  display_name: string | null;
  actor_role: UserRole | null;
  via: AuditVia;
  action: AuditAction;
  object_type: AuditObjectType;
  object_id: string | null;
  reason: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const toEntry = (row: AuditRow): AuditEntry => ({
  id: Number(row.id),
  at: row.at.toISOString(),
  actor:
    row.actor_id === null
      ? null
      : { id: Number(row.actor_id), displayName: row.display_name, role: row.actor_role },
  via: row.via,
  action: row.action,
  object: { type: row.object_type, id: row.object_id },
  reason: row.reason,
  before: row.before,
  after: row.after,
});

/** Opaque to clients: base64url of `a` and the last row's id. */
export const encodeAuditCursor = (id: number) => Buffer.from(`a${id}`).toString('base64url');

/** The id a cursor of ours holds, or undefined (the caller answers 400). */
export function decodeAuditCursor(cursor: string): number | undefined {
  const match = /^a([1-9]\d{0,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) ? id : undefined;
}

/**
 * Reads the audit log, newest first. An actor's name is today's (the log keeps only the id, so a
 * deleted account's name goes with it: `displayName` null).
 */
export function createAuditRepository(db: Queryable) {
  return {
    /** Up to `limit` rows matching `filters`, and whether more follow. */
    async list(filters: AuditFilters, limit: number): Promise<{ items: AuditEntry[]; more: boolean }> {
      const where: string[] = [];
      const params: unknown[] = [];
      const add = (sql: (at: string) => string, value: unknown) => {
        params.push(value);
        where.push(sql(`$${params.length}`));
      };
      if (filters.actorId !== undefined) add((p) => `a.actor_id = ${p}::int8`, filters.actorId);
      if (filters.action !== undefined) add((p) => `a.action = ${p}`, filters.action);
      if (filters.objectType !== undefined) add((p) => `a.object_type = ${p}`, filters.objectType);
      if (filters.objectId !== undefined) add((p) => `a.object_id = ${p}`, filters.objectId);
      if (filters.from !== undefined) add((p) => `a.at >= ${p}::timestamptz`, filters.from.toISOString());
      if (filters.to !== undefined) add((p) => `a.at < ${p}::timestamptz`, filters.to.toISOString());
      if (filters.beforeId !== undefined) add((p) => `a.id < ${p}::int8`, filters.beforeId);
      params.push(limit + 1);
      const { rows } = await db.query<AuditRow>(
        `SELECT a.id, a.at, a.actor_id, u.display_name, a.actor_role, a.via, a.action, a.object_type,
           a.object_id, a.reason, a.before, a.after
         FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
         ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY a.id DESC LIMIT $${params.length}`,
        params,
      );
      return { items: rows.slice(0, limit).map(toEntry), more: rows.length > limit };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
