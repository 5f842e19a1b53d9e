import type { FieldIssue } from '@karta/contracts';
import { passwordContentIssues } from '../config/password-rules.ts';
import type { Database } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { mailLanguage } from '../mail/messages/mail-language.ts';
import { passwordResetMail } from '../mail/messages/password-reset-mail.ts';
import { hashPassword } from './password-hashing.ts';
import { hashSessionToken, newSessionToken } from './session-repository.ts';
import { setPassword } from './set-password.ts';
import { createUserRepository, type UserRecord } from './user-repository.ts';

/** A reset link works for an hour from the request. */
export const RESET_LINK_LIFETIME_SECONDS = 60 * 60;

/**
 * Password reset by e-mail. A request for an account writes the link's token (hashed, as session
 * tokens are) and its e-mail in one transaction; a request for an unknown or disabled address
 * writes nothing, and the caller answers both alike. Confirming spends the token, sets the
 * password and ends everything the old one opened (see setPassword).
 */
export function createPasswordResets(database: Database, mailer: Mailer, siteLanguage: string) {
  const users = createUserRepository(database);

  return {
    /** Sends a reset link to `email` if an enabled account has it, in `language` where we write it. */
    async request(email: string, language: string | undefined, siteLanguage: string): Promise<void> {
      const user = await users.findByEmail(email);
      if (!user || user.disabled) return;
      const { token, tokenHash } = newSessionToken();
      const mail = passwordResetMail({
        siteName: mailer.siteName,
        publicUrl: mailer.publicUrl,
        language: mailLanguage(language, siteLanguage),
        token,
      });
      await database.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string | number; expiresAt: Date }>(
          `INSERT INTO password_resets (token_hash, user_id, expires_at)
           VALUES ($1, $2, now() + make_interval(secs => $3))
           RETURNING id, expires_at AS "expiresAt"`,
          [tokenHash, user.id, RESET_LINK_LIFETIME_SECONDS],
        );
        const reset = rows[0];
        if (!reset) throw new Error('password reset was not stored');
        const queued = await mailer.enqueue(tx, {
          key: `password-reset.${reset.id}`,
          to: user.email,
          ...mail,
          // A link that arrives after its hour is only confusing: not sent at all then.
          expiresAt: new Date(reset.expiresAt),
        });
        // Past the address's limit nothing is sent, so no link may be kept that nobody received.
        if (!queued) await tx.query('DELETE FROM password_resets WHERE id = $1', [reset.id]);
      });
      mailer.wake();
    },

    /**
     * Sets the password of the account of a reset token: `invalid` for an unknown, used or expired
     * token; the password's rule issues when it breaks them (the token stays usable); else done.
     */
    async confirm(token: string, password: string): Promise<'reset' | 'invalid' | FieldIssue[]> {
      // Hashed first, outside the transaction: it takes a moment of a core, whatever the token.
      const passwordHash = await hashPassword(password);
      const outcome = await database.transaction(async (tx) => {
        const { rows } = await tx.query<
          Pick<UserRecord, 'email' | 'role' | 'mailLanguage'> & { userId: string }
        >(
          `SELECT r.user_id AS "userId", u.email, u.role, u.mail_language AS "mailLanguage"
           FROM password_resets r JOIN users u ON u.id = r.user_id
           WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > now() AND NOT u.disabled
           FOR UPDATE OF r`,
          [hashSessionToken(token)],
        );
        const reset = rows[0];
        if (!reset) return 'invalid';
        const issues = passwordContentIssues(password, reset.email);
        if (issues.length > 0) return issues;
        // Spends this token and every other unused one of the account, and ends every session.
        await setPassword(tx, { ...reset, id: Number(reset.userId) }, passwordHash, null, {
          mailer,
          siteLanguage,
          how: 'reset',
        });
        return 'reset' as const;
      });
      if (outcome === 'reset') mailer.wake();
      return outcome;
    },
  };
}

export type PasswordResets = ReturnType<typeof createPasswordResets>;
