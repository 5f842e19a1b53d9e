import { createHash, randomBytes } from 'node:crypto';
import type { UserRole } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';

/** 32 random bytes in base64url: what the cookie carries. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new session token and the SHA-256 (hex) that is stored in its place. */
export function newSessionToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashSessionToken(token) };
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether `value` could be a token we issued (anything else is refused without a query). */
export function isWellFormedToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

/** A live-or-not session with its user, as one lookup finds it. */
export interface SessionRecord {
  sessionId: number;
  userId: number;
  email: string;
  displayName: string;
  role: UserRole;
  disabled: boolean;
  expired: boolean;
  /** True when the session was last extended more than `renewAfterSeconds` ago. */
  renewDue: boolean;
}

/** Sessions in the database; times come from the database's clock, shared by every instance. */
export function createSessionRepository(db: Queryable) {
  return {
    /** Stores a session of `userId` expiring `lifetimeSeconds` from now. */
    async create(userId: number, tokenHash: string, lifetimeSeconds: number): Promise<void> {
      await db.query(
        `INSERT INTO sessions (token_hash, user_id, expires_at)
         VALUES ($1, $2, now() + make_interval(secs => $3))`,
        [tokenHash, userId, lifetimeSeconds],
      );
    },

    /**
     * The session of `tokenHash` with its user; `expired` past its sliding expiry or more than
     * `maxAgeSeconds` after it was created (the absolute lifetime, whatever its use).
     */
    async find(
      tokenHash: string,
      limits: { renewAfterSeconds: number; maxAgeSeconds: number },
    ): Promise<SessionRecord | null> {
      const { rows } = await db.query<SessionRecord>(
        `SELECT s.id AS "sessionId", u.id AS "userId", u.email, u.display_name AS "displayName",
                u.role, u.disabled,
                (s.expires_at <= now() OR s.created_at <= now() - make_interval(secs => $3)) AS expired,
                s.last_used_at < now() - make_interval(secs => $2) AS "renewDue"
         FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.token_hash = $1`,
        [tokenHash, limits.renewAfterSeconds, limits.maxAgeSeconds],
      );
      return rows[0] ?? null;
    },

    /** Slides the session: `lifetimeSeconds` from now, but never past `maxAgeSeconds` from its creation. */
    async renew(sessionId: number, lifetimeSeconds: number, maxAgeSeconds: number): Promise<void> {
      await db.query(
        `UPDATE sessions SET last_used_at = now(),
           expires_at = LEAST(now() + make_interval(secs => $2), created_at + make_interval(secs => $3))
         WHERE id = $1`,
        [sessionId, lifetimeSeconds, maxAgeSeconds],
      );
    },

    async delete(tokenHash: string): Promise<void> {
      await db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
    },

    async deleteById(sessionId: number): Promise<void> {
      await db.query('DELETE FROM sessions WHERE id = $1', [sessionId]);
    },

    /** Removes every expired session; returns how many. */
    async purgeExpired(): Promise<number> {
      const { rowCount } = await db.query('DELETE FROM sessions WHERE expires_at <= now()');
      return rowCount;
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
