import type { OwnPlace } from '@karta/contracts';
import type { Database, Queryable } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { mailLanguage } from '../mail/messages/mail-language.ts';
import { verificationMail } from '../mail/messages/notice-mails.ts';
import type { PlaceWriteRepository } from '../places/place-write-repository.ts';
import { hashSessionToken, newSessionToken } from './session-repository.ts';

/** A verification link works for a week. */
export const VERIFICATION_LINK_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/**
 * Proving an e-mail address: a link sent after registration (and again on request). Until it is
 * followed, the account may sign in and propose, but its proposals are not announced to
 * moderators and wait in the queue marked as from an unproven address. `announcePending` is told
 * of those once the address is proven (the notifier's `authorVerified`, passed in by services.ts).
 */
export function createEmailVerifications(
  database: Database,
  mailer: Mailer,
  announcePending: (tx: Queryable, pending: OwnPlace[]) => Promise<void>,
  placeWrites: Pick<PlaceWriteRepository, 'pendingOf'>,
  siteLanguage: string,
) {
  /** Writes a new link for `user` and its e-mail, in the transaction `tx`. */
  async function sendFor(
    tx: Queryable,
    user: { id: number; email: string; displayName: string; mailLanguage: string | null },
  ): Promise<void> {
    if (!mailer.enabled) return;
    const { token, tokenHash } = newSessionToken();
    const { rows } = await tx.query<{ id: string | number; expiresAt: Date }>(
      `INSERT INTO email_verifications (token_hash, user_id, expires_at)
       VALUES ($1, $2, now() + make_interval(secs => $3))
       RETURNING id, expires_at AS "expiresAt"`,
      [tokenHash, user.id, VERIFICATION_LINK_LIFETIME_SECONDS],
    );
    const link = rows[0];
    if (!link) throw new Error('email verification was not stored');
    const mail = verificationMail(
      {
        siteName: mailer.siteName,
        publicUrl: mailer.publicUrl,
        language: mailLanguage(user.mailLanguage, siteLanguage),
      },
      { displayName: user.displayName, token },
    );
    await mailer.enqueue(tx, {
      key: `verify-email.${link.id}`,
      to: user.email,
      ...mail,
      expiresAt: new Date(link.expiresAt),
    });
  }

  return {
    sendFor,

    /** Sends a new link to `userId` unless the address is proven already. */
    async resend(userId: number): Promise<void> {
      await database.transaction(async (tx) => {
        const { rows } = await tx.query<{
          id: string | number;
          email: string;
          displayName: string;
          mailLanguage: string | null;
        }>(
          `SELECT id, email, display_name AS "displayName", mail_language AS "mailLanguage"
           FROM users WHERE id = $1::int8 AND email_verified_at IS NULL`,
          [userId],
        );
        const user = rows[0];
        if (user) await sendFor(tx, { ...user, id: Number(user.id) });
      });
      mailer.wake();
    },

    /**
     * Proves the address of `token`'s account: `invalid` for an unknown, used or expired token.
     * The account's proposals waiting for review are announced to moderators in the same step.
     */
    async verify(token: string): Promise<'verified' | 'invalid'> {
      const outcome = await database.transaction(async (tx) => {
        const { rows } = await tx.query<{ userId: string | number }>(
          `UPDATE email_verifications SET used_at = now()
           WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
           RETURNING user_id AS "userId"`,
          [hashSessionToken(token)],
        );
        const link = rows[0];
        if (!link) return 'invalid' as const;
        const userId = Number(link.userId);
        const proven = await tx.query(
          `UPDATE users SET email_verified_at = now() WHERE id = $1::int8 AND email_verified_at IS NULL RETURNING id`,
          [userId],
        );
        // Other links of the account are spent with this one.
        await tx.query(
          'UPDATE email_verifications SET used_at = now() WHERE user_id = $1::int8 AND used_at IS NULL',
          [userId],
        );
        if (proven.rows.length > 0) await announcePending(tx, await placeWrites.pendingOf(tx, userId));
        return 'verified' as const;
      });
      mailer.wake();
      return outcome;
    },
  };
}

export type EmailVerifications = ReturnType<typeof createEmailVerifications>;
