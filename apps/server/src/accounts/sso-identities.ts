import type { Queryable } from '../db/database.ts';

/** One identity at a provider linked to an account (migration 038). */
export interface SsoIdentityRecord {
  id: number;
  userId: number;
  provider: string;
  email: string | null;
  linkedAt: Date;
  lastUsedAt: Date;
}

const COLUMNS = `id::int AS id, user_id::int AS "userId", provider, email,
  linked_at AS "linkedAt", last_used_at AS "lastUsedAt"`;

/** Identities by (issuer, subject), the only way a person is found through a provider. */
export function createSsoIdentities(db: Queryable) {
  return {
    /** The identity of (issuer, subject), marked used now; null when none is linked. */
    async use(issuer: string, subject: string): Promise<SsoIdentityRecord | null> {
      const { rows } = await db.query<SsoIdentityRecord>(
        `UPDATE sso_identities SET last_used_at = now() WHERE issuer = $1 AND subject = $2 RETURNING ${COLUMNS}`,
        [issuer, subject],
      );
      return rows[0] ?? null;
    },

    /** Links (issuer, subject) to `userId`; false when it is linked already (to anyone). */
    async link(identity: {
      userId: number;
      provider: string;
      issuer: string;
      subject: string;
      email: string | null;
    }): Promise<boolean> {
      const { rows } = await db.query(
        `INSERT INTO sso_identities (user_id, provider, issuer, subject, email)
         VALUES ($1::int8, $2, $3, $4, $5) ON CONFLICT (issuer, subject) DO NOTHING RETURNING id`,
        [identity.userId, identity.provider, identity.issuer, identity.subject, identity.email],
      );
      return rows.length > 0;
    },

    /** The user's identities, oldest link first. */
    async listOfUser(userId: number): Promise<SsoIdentityRecord[]> {
      const { rows } = await db.query<SsoIdentityRecord>(
        `SELECT ${COLUMNS} FROM sso_identities WHERE user_id = $1::int8 ORDER BY linked_at, id`,
        [userId],
      );
      return rows;
    },

    /** Deletes one identity of the user; false when it is not theirs. */
    async unlink(userId: number, id: number): Promise<boolean> {
      const { rows } = await db.query(
        'DELETE FROM sso_identities WHERE id = $1::int8 AND user_id = $2::int8 RETURNING id',
        [id, userId],
      );
      return rows.length > 0;
    },
  };
}
