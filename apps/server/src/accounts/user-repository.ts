import type { UserRole } from '@karta/contracts';
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
}

const COLUMNS = `id, email, display_name AS "displayName", role, disabled,
  password_hash AS "passwordHash", created_at AS "createdAt"`;

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
    }): Promise<UserRecord | null> {
      const { rows } = await db.query<UserRecord>(
        `INSERT INTO users (email, display_name, password_hash, role)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT ((lower(email))) DO NOTHING
         RETURNING ${COLUMNS}`,
        [user.email, user.displayName, user.passwordHash, user.role ?? 'contributor'],
      );
      return rows[0] ?? null;
    },

    async setRole(id: number, role: UserRole): Promise<void> {
      await db.query('UPDATE users SET role = $2 WHERE id = $1', [id, role]);
    },

    /** Whether any admin account exists, enabled or not. */
    async hasAdmin(): Promise<boolean> {
      const { rows } = await db.query(`SELECT 1 FROM users WHERE role = 'admin' LIMIT 1`);
      return rows.length > 0;
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
