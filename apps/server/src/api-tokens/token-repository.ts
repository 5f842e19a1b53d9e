import { type ApiToken, MAX_API_TOKENS, type TokenScope, type UserRole } from '@karta/contracts';
import { type AuditActor, recordAudit } from '../audit/record-audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import { type NewToken, newApiToken, parseApiToken, secretMatches } from './token-format.ts';

/** How often a token's `last_used_at` is written: at most once a minute, not on every request. */
export const LAST_USED_EVERY_SECONDS = 60;

interface TokenRow {
  id: number | string;
  name: string;
  prefix: string;
  scopes: TokenScope[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

const COLUMNS = `id, name, prefix, scopes, created_at AS "createdAt", expires_at AS "expiresAt",
  last_used_at AS "lastUsedAt"`;

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

function toApiToken(row: TokenRow): ApiToken {
  return {
    id: Number(row.id),
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: new Date(row.createdAt).toISOString(),
    expiresAt: iso(row.expiresAt),
    lastUsedAt: iso(row.lastUsedAt),
  };
}

/** The user a live token acts as, with what the token lets it do. */
export interface TokenHolder {
  tokenId: number;
  scopes: TokenScope[];
  user: { id: number; email: string; displayName: string; role: UserRole; emailVerified: boolean };
}

/** API tokens in the database; times come from the database's clock, shared by every instance. */
export function createTokenRepository(database: Database) {
  /** Stores a new token; null when its prefix is taken already (48 random bits rarely are: then another). */
  async function insert(
    tx: Queryable,
    userId: number,
    input: { name: string; scopes: TokenScope[]; expiresAt: string | null },
    fresh: NewToken,
  ): Promise<TokenRow | null> {
    const { rows } = await tx.query<TokenRow>(
      `INSERT INTO api_tokens (user_id, name, prefix, secret_hash, scopes, expires_at)
       VALUES ($1::int8, $2, $3, $4, $5::text[], $6::timestamptz)
       ON CONFLICT (prefix) DO NOTHING
       RETURNING ${COLUMNS}`,
      [userId, input.name, fresh.prefix, fresh.secretHash, input.scopes, input.expiresAt],
    );
    return rows[0] ?? null;
  }

  return {
    /**
     * A new token of `owner`'s, or `too_many` when they hold `MAX_API_TOKENS` live ones already.
     * The count and the insert share a transaction that first locks the user's row, so two
     * requests at once cannot both take the last place. The audit log records it (never the secret).
     */
    async create(
      owner: AuditActor,
      input: { name: string; scopes: TokenScope[]; expiresAt: string | null },
    ): Promise<{ token: string; created: ApiToken } | 'too_many'> {
      const userId = owner.id;
      return database.transaction(async (tx) => {
        await tx.query('SELECT id FROM users WHERE id = $1::int8 FOR UPDATE', [userId]);
        const { rows } = await tx.query<{ live: number | string }>(
          `SELECT count(*) AS live FROM api_tokens
           WHERE user_id = $1::int8 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
          [userId],
        );
        if (Number(rows[0]?.live ?? 0) >= MAX_API_TOKENS) return 'too_many';
        for (;;) {
          const fresh = newApiToken();
          const row = await insert(tx, userId, input, fresh);
          if (!row) continue;
          const created = toApiToken(row);
          const { name, scopes, expiresAt, prefix } = created;
          await recordAudit(tx, owner, {
            action: 'api_token.create',
            objectId: created.id,
            after: { name, scopes, expiresAt, prefix },
          });
          return { token: fresh.token, created };
        }
      });
    },

    /** `userId`'s tokens that are not revoked, expired ones included, newest first. */
    async listOfUser(userId: number): Promise<ApiToken[]> {
      const { rows } = await database.query<TokenRow>(
        `SELECT ${COLUMNS} FROM api_tokens WHERE user_id = $1::int8 AND revoked_at IS NULL
         ORDER BY created_at DESC, id DESC`,
        [userId],
      );
      return rows.map(toApiToken);
    },

    /** Revokes `owner`'s token `id`; false when it is not theirs, unknown or revoked already. */
    revoke(owner: AuditActor, id: number): Promise<boolean> {
      return database.transaction(async (tx) => {
        const { rows } = await tx.query<{ name: string; prefix: string }>(
          `UPDATE api_tokens SET revoked_at = now()
           WHERE id = $1::int8 AND user_id = $2::int8 AND revoked_at IS NULL RETURNING name, prefix`,
          [id, owner.id],
        );
        const row = rows[0];
        if (!row) return false;
        await recordAudit(tx, owner, {
          action: 'api_token.revoke',
          objectId: id,
          before: { name: row.name, prefix: row.prefix },
        });
        return true;
      });
    },

    /**
     * The holder of a presented token: its user (current role) and scopes; null when the token is
     * not of our shape, unknown, its secret wrong, revoked, expired, or its user disabled. Notes
     * its use at most once a minute; `mayWrite: false` (storage low) skips that.
     */
    async resolve(value: string, options: { mayWrite: boolean }): Promise<TokenHolder | null> {
      const parsed = parseApiToken(value);
      if (!parsed) return null;
      const { rows } = await database.query<{
        id: number | string;
        secretHash: string;
        scopes: TokenScope[];
        live: boolean;
        useDue: boolean;
        userId: number | string;
        email: string;
        displayName: string;
        role: UserRole;
        emailVerified: boolean;
      }>(
        `SELECT t.id, t.secret_hash AS "secretHash", t.scopes,
                (t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now()) AND NOT u.disabled)
                  AS live,
                coalesce(t.last_used_at < now() - make_interval(secs => $2), true) AS "useDue",
                u.id AS "userId", u.email, u.display_name AS "displayName", u.role,
                u.email_verified_at IS NOT NULL AS "emailVerified"
         FROM api_tokens t JOIN users u ON u.id = t.user_id
         WHERE t.prefix = $1`,
        [parsed.prefix, LAST_USED_EVERY_SECONDS],
      );
      const row = rows[0];
      // The secret is compared even for a dead token, so its answer takes as long.
      if (!row || !secretMatches(parsed.secret, row.secretHash) || !row.live) return null;
      if (row.useDue && options.mayWrite) {
        await database.query(
          `UPDATE api_tokens SET last_used_at = now()
           WHERE id = $1::int8 AND (last_used_at IS NULL OR last_used_at < now() - make_interval(secs => $2))`,
          [row.id, LAST_USED_EVERY_SECONDS],
        );
      }
      return {
        tokenId: Number(row.id),
        scopes: row.scopes,
        user: {
          id: Number(row.userId),
          email: row.email,
          displayName: row.displayName,
          role: row.role,
          emailVerified: row.emailVerified,
        },
      };
    },
  };
}

export type TokenRepository = ReturnType<typeof createTokenRepository>;
