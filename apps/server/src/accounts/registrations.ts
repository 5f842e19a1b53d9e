import type { Database, Queryable } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { mailLanguage } from '../mail/messages/mail-language.ts';
import { registrationLinkMail, registrationTakenMail } from '../mail/messages/registration-mails.ts';
import { hashPassword } from './password-hashing.ts';
import { hashSessionToken, newSessionToken } from './session-repository.ts';
import { createUserRepository } from './user-repository.ts';

/** A registration link works for a day: it holds a password's hash, which should not wait long. */
export const REGISTRATION_LINK_LIFETIME_SECONDS = 24 * 60 * 60;

/** What registering asked for, kept until its link is followed. */
export interface PendingRegistration {
  email: string;
  displayName: string;
  passwordHash: string;
  mailLanguage: string | null;
}

/**
 * Registration when the site sends e-mail: every request is answered alike, and the address
 * decides what is sent. A new address gets a link that makes the account
 * (`AccountService.completeRegistration`); an address with an account gets a note that someone
 * tried, with the way to a new password; a disabled account's address gets nothing. The password
 * is hashed whatever the address, so every answer takes as long.
 */
export function createRegistrations(database: Database, mailer: Mailer, siteLanguage: string) {
  const users = createUserRepository(database);

  return {
    async request(input: { email: string; displayName: string; password: string; language?: string }) {
      const passwordHash = await hashPassword(input.password);
      const existing = await users.findByEmail(input.email);
      if (existing?.disabled) return;
      const ctx = {
        siteName: mailer.siteName,
        publicUrl: mailer.publicUrl,
        language: mailLanguage(
          existing ? existing.mailLanguage : input.language,
          input.language,
          siteLanguage,
        ),
      };
      await database.transaction(async (tx) => {
        if (existing) {
          await mailer.enqueue(tx, {
            key: `registration-taken.${existing.id}.${crypto.randomUUID()}`,
            to: existing.email,
            ...registrationTakenMail(ctx),
          });
          return;
        }
        const { token, tokenHash } = newSessionToken();
        const { rows } = await tx.query<{ id: string | number; expiresAt: Date }>(
          `INSERT INTO pending_registrations (token_hash, email, display_name, password_hash, mail_language, expires_at)
           VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))
           RETURNING id, expires_at AS "expiresAt"`,
          [
            tokenHash,
            input.email,
            input.displayName,
            passwordHash,
            input.language ?? null,
            REGISTRATION_LINK_LIFETIME_SECONDS,
          ],
        );
        const pending = rows[0];
        if (!pending) throw new Error('the registration was not stored');
        await mailer.enqueue(tx, {
          key: `registration.${pending.id}`,
          to: input.email,
          ...registrationLinkMail(ctx, { displayName: input.displayName, token }),
          // A link that arrives after its day is only confusing: not sent at all then.
          expiresAt: new Date(pending.expiresAt),
        });
      });
      mailer.wake();
    },
  };
}

export type Registrations = ReturnType<typeof createRegistrations>;

/**
 * Spends the registration link of `token` inside `tx`: its request, or null for an unknown or
 * expired one. Every pending registration of the address goes with it (and expired ones of any),
 * so one followed link ends the others.
 */
export async function claimPendingRegistration(
  tx: Queryable,
  token: string,
): Promise<PendingRegistration | null> {
  await tx.query('DELETE FROM pending_registrations WHERE expires_at <= now()');
  const { rows } = await tx.query<PendingRegistration & { claimed: boolean }>(
    `DELETE FROM pending_registrations WHERE lower(email) = (
       SELECT lower(email) FROM pending_registrations WHERE token_hash = $1)
     RETURNING email, display_name AS "displayName", password_hash AS "passwordHash",
       mail_language AS "mailLanguage", token_hash = $1 AS claimed`,
    [hashSessionToken(token)],
  );
  const row = rows.find((deleted) => deleted.claimed);
  return row
    ? {
        email: row.email,
        displayName: row.displayName,
        passwordHash: row.passwordHash,
        mailLanguage: row.mailLanguage,
      }
    : null;
}
