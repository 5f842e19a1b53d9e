import { createHash, randomBytes } from 'node:crypto';
import type { AccountSession, UserRole } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';

/** "Your sessions" lists at most this many (a user rarely has more than a handful). */
export const MAX_LISTED_SESSIONS = 100;

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
  emailVerified: boolean;
  expired: boolean;
  /** True when the session was last extended more than `renewAfterSeconds` ago. */
  renewDue: boolean;
}

/** Sessions in the database; times come from the database's clock, shared by every instance. */
export function createSessionRepository(db: Queryable) {
  return {
    /** Stores a session of `userId` expiring `lifetimeSeconds` from now, started in `device`. */
    async create(
      userId: number,
      tokenHash: string,
      lifetimeSeconds: number,
      device: string | null,
    ): Promise<void> {
      await db.query(
        `INSERT INTO sessions (token_hash, user_id, expires_at, device)
         VALUES ($1, $2, now() + make_interval(secs => $3), $4)`,
        [tokenHash, userId, lifetimeSeconds, device],
      );
    },

    /** The live sessions of `userId`, most recently used first; `current` marks `currentHash`'s. */
    async listOfUser(userId: number, currentHash: string | null): Promise<AccountSession[]> {
      const { rows } = await db.query<{
        id: string | number;
        createdAt: Date;
        lastUsedAt: Date;
        device: string | null;
        current: boolean;
      }>(
        `SELECT id, created_at AS "createdAt", last_used_at AS "lastUsedAt", device,
                coalesce(token_hash = $2, false) AS current
         FROM sessions WHERE user_id = $1::int8 AND expires_at > now()
         ORDER BY last_used_at DESC, id DESC
         LIMIT ${MAX_LISTED_SESSIONS}`,
        [userId, currentHash],
      );
      return rows.map((row) => ({
        id: Number(row.id),
        createdAt: new Date(row.createdAt).toISOString(),
        lastUsedAt: new Date(row.lastUsedAt).toISOString(),
        device: row.device,
        current: row.current,
      }));
    },

    /**
     * Ends session `id` if it is one of `userId`'s: `this` when it was the one of `currentHash`,
     * `other` for another, `missing` when it is not theirs (or no longer there).
     */
    async deleteOfUser(
      userId: number,
      id: number,
      currentHash: string | null,
    ): Promise<'this' | 'other' | 'missing'> {
      const { rows } = await db.query<{ current: boolean }>(
        `DELETE FROM sessions WHERE id = $1::int8 AND user_id = $2::int8
         RETURNING coalesce(token_hash = $3, false) AS current`,
        [id, userId, currentHash],
      );
      const row = rows[0];
      return row ? (row.current ? 'this' : 'other') : 'missing';
    },

    /** Ends every session of `userId`, but the one of `keepHash` when given. */
    async deleteAllOfUser(userId: number, keepHash: string | null = null): Promise<void> {
      await db.query('DELETE FROM sessions WHERE user_id = $1::int8 AND token_hash IS DISTINCT FROM $2', [
        userId,
        keepHash,
      ]);
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
                u.role, u.disabled, u.email_verified_at IS NOT NULL AS "emailVerified",
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
