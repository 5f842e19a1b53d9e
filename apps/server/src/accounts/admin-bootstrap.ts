import type { Database } from '../db/database.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';
import { createUserRepository, type UserRecord } from './user-repository.ts';

/** The display name of an admin created without one. */
export const DEFAULT_ADMIN_NAME = 'Admin';

/** What `ensureFirstAdmin` did. */
export type FirstAdminOutcome =
  /** An admin already exists (this one or another): nothing changed. */
  | { outcome: 'admin-exists' }
  | { outcome: 'created'; user: UserRecord }
  /** The e-mail had a contributor or moderator account with this very password: made admin. */
  | { outcome: 'promoted'; user: UserRecord }
  /** The e-mail has an account with another password: not touched (anyone may have registered it). */
  | { outcome: 'email-taken'; user: UserRecord };

/**
 * The first admin from ADMIN_EMAIL and ADMIN_PASSWORD, at every start: created when no admin
 * exists, otherwise nothing. Never changes a password. An existing non-admin account with that
 * e-mail is promoted only when ADMIN_PASSWORD is its password: without e-mail verification,
 * anyone could have registered the address first. Safe when several instances start at once.
 */
export async function ensureFirstAdmin(
  database: Database,
  admin: { email: string; password: string; displayName?: string },
): Promise<FirstAdminOutcome> {
  const passwordHash = await hashPassword(admin.password);
  return database.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('karta:first-admin'))`);
    const users = createUserRepository(tx);
    if (await users.hasAdmin()) return { outcome: 'admin-exists' };
    const existing = await users.findByEmail(admin.email);
    if (!existing) {
      const user = await users.insert({
        email: admin.email,
        displayName: admin.displayName ?? DEFAULT_ADMIN_NAME,
        passwordHash,
        role: 'admin',
        // Its operator set the address: there is nobody to prove it to.
        emailVerified: true,
      });
      if (!user) throw new Error(`Could not create the admin ${admin.email}`);
      return { outcome: 'created', user };
    }
    if (!(await verifyPassword(existing.passwordHash, admin.password))) {
      return { outcome: 'email-taken', user: existing };
    }
    await users.setRole(existing.id, 'admin');
    return { outcome: 'promoted', user: { ...existing, role: 'admin' } };
  });
}

/** What `createOrPromoteAdmin` did. */
export type AdminCommandOutcome =
  | { outcome: 'created'; user: UserRecord }
  /** An existing account made admin; its password (and disabled flag) left as they were. */
  | { outcome: 'promoted'; user: UserRecord }
  | { outcome: 'already-admin'; user: UserRecord }
  /** No account with that e-mail, and no password to create one with. */
  | { outcome: 'password-needed' };

/**
 * The operator's `npm run admin -- create`: makes the account of `email` an admin, creating it
 * with `password` when there is none. The operator answers for the account they name.
 */
export async function createOrPromoteAdmin(
  database: Database,
  admin: { email: string; password?: string; displayName?: string },
): Promise<AdminCommandOutcome> {
  const passwordHash = admin.password === undefined ? undefined : await hashPassword(admin.password);
  return database.transaction(async (tx) => {
    const users = createUserRepository(tx);
    const existing = await users.findByEmail(admin.email);
    if (existing) {
      if (existing.role === 'admin') return { outcome: 'already-admin', user: existing };
      await users.setRole(existing.id, 'admin');
      return { outcome: 'promoted', user: { ...existing, role: 'admin' } };
    }
    if (passwordHash === undefined) return { outcome: 'password-needed' };
    const user = await users.insert({
      email: admin.email,
      displayName: admin.displayName ?? DEFAULT_ADMIN_NAME,
      passwordHash,
      role: 'admin',
      // Its operator set the address: there is nobody to prove it to.
      emailVerified: true,
    });
    if (!user) throw new Error(`Could not create the admin ${admin.email}`);
    return { outcome: 'created', user };
  });
}
