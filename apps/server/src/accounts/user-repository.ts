import type { UserRole, UserSummary } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';

/** A user as stored, password hash included: never send this to a client as it is. */
export interface UserRecord {
  id: number;
  email: string;
  displayName: string;
  role: UserRole;
  disabled: boolean;
  passwordHash: string;
  createdAt: Date;
  /** The address was proven (the verification link followed). */
  emailVerified: boolean;
  /** The language of the user's e-mail; null for accounts from before it was asked. */
  mailLanguage: string | null;
}

const COLUMNS = `id, email, display_name AS "displayName", role, disabled,
  password_hash AS "passwordHash", created_at AS "createdAt",
  email_verified_at IS NOT NULL AS "emailVerified", mail_language AS "mailLanguage"`;

/** `%` and `_` typed by an admin are searched for as themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function toSummary(user: UserRecord): UserSummary {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    role: user.role,
    disabled: user.disabled,
    createdAt: user.createdAt.toISOString(),
  };
}

/** Users by e-mail (case-insensitive, as the unique index `lower(email)` compares them). */
export function createUserRepository(db: Queryable) {
  return {
    async findByEmail(email: string): Promise<UserRecord | null> {
      const { rows } = await db.query<UserRecord>(
        `SELECT ${COLUMNS} FROM users WHERE lower(email) = lower($1)`,
        [email.trim()],
      );
      return rows[0] ?? null;
    },

    /** Inserts a user; null when the e-mail is already taken (whatever its case). */
    async insert(user: {
      email: string;
      displayName: string;
      passwordHash: string;
      role?: UserRole;
      /** Proven already (an admin made from the environment), or to be proven by a link. */
      emailVerified?: boolean;
      mailLanguage?: string | null;
    }): Promise<UserRecord | null> {
      const { rows } = await db.query<UserRecord>(
        `INSERT INTO users (email, display_name, password_hash, role, email_verified_at, mail_language)
         VALUES ($1, $2, $3, $4, CASE WHEN $5 THEN now() END, $6)
         ON CONFLICT ((lower(email))) DO NOTHING
         RETURNING ${COLUMNS}`,
        [
          user.email,
          user.displayName,
          user.passwordHash,
          user.role ?? 'contributor',
          user.emailVerified ?? false,
          user.mailLanguage ?? null,
        ],
      );
      return rows[0] ?? null;
    },

    async setRole(id: number, role: UserRole): Promise<void> {
      await db.query('UPDATE users SET role = $2 WHERE id = $1', [id, role]);
    },

    /** Users newest first; `search` matches parts of the e-mail or name, case-insensitively. */
    async list(query: { search?: string; limit: number; offset: number }): Promise<{
      items: UserSummary[];
      total: number;
    }> {
      const pattern = query.search?.trim() ? `%${escapeLike(query.search.trim())}%` : null;
      const where = `$1::text IS NULL OR email ILIKE $1 OR display_name ILIKE $1`;
      const [page, count] = await Promise.all([
        db.query<UserRecord>(
          `SELECT ${COLUMNS} FROM users WHERE ${where} ORDER BY id DESC LIMIT $2 OFFSET $3`,
          [pattern, query.limit, query.offset],
        ),
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE ${where}`, [pattern]),
      ]);
      return { items: page.rows.map(toSummary), total: count.rows[0]?.n ?? 0 };
    },

    async findById(id: number): Promise<UserRecord | null> {
      const { rows } = await db.query<UserRecord>(`SELECT ${COLUMNS} FROM users WHERE id = $1::int8`, [id]);
      return rows[0] ?? null;
    },

    /** Changes role and/or the disabled flag; disabling also ends every session of the user. */
    async update(id: number, patch: { role?: UserRole; disabled?: boolean }): Promise<UserSummary | null> {
      const { rows } = await db.query<UserRecord>(
        `UPDATE users SET role = coalesce($2, role), disabled = coalesce($3, disabled)
         WHERE id = $1::int8 RETURNING ${COLUMNS}`,
        [id, patch.role ?? null, patch.disabled ?? null],
      );
      if (patch.disabled) await db.query('DELETE FROM sessions WHERE user_id = $1::int8', [id]);
      return rows[0] ? toSummary(rows[0]) : null;
    },

    /** Whether any admin account exists, enabled or not. */
    async hasAdmin(): Promise<boolean> {
      const { rows } = await db.query(`SELECT 1 FROM users WHERE role = 'admin' LIMIT 1`);
      return rows.length > 0;
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
