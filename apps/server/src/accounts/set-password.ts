import type { Queryable } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { mailLanguage } from '../mail/messages/mail-language.ts';
import { passwordChangedMail } from '../mail/messages/password-changed-mail.ts';
import { createSessionRepository } from './session-repository.ts';
import type { UserRecord } from './user-repository.ts';

/** How a password came to change, and the mail that tells its owner. */
export interface PasswordNotice {
  mailer: Mailer;
  siteLanguage: string;
  how: 'changed' | 'reset';
}

/**
 * Gives `user` a new password hash inside `tx`, and ends what the old password opened: unused
 * reset links, every session but `keepSessionHash`'s, the user's API tokens (made with the old
 * password: docs/decisions/029-api-tokens.md), and (by the database's trigger, migration 020) the
 * private review feed. With mail on, the owner is told in the same transaction, so a
 * change nobody is told of cannot happen; the caller wakes the mailer after the commit.
 */
export async function setPassword(
  tx: Queryable,
  user: Pick<UserRecord, 'id' | 'email' | 'role' | 'mailLanguage'>,
  passwordHash: string,
  keepSessionHash: string | null,
  notice: PasswordNotice,
): Promise<void> {
  await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1::int8', [user.id, passwordHash]);
  await tx.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1::int8 AND used_at IS NULL', [
    user.id,
  ]);
  await createSessionRepository(tx).deleteAllOfUser(user.id, keepSessionHash);
  const tokens = await tx.query(
    `UPDATE api_tokens SET revoked_at = now()
     WHERE user_id = $1::int8 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())
     RETURNING id`,
    [user.id],
  );
  const { mailer } = notice;
  if (!mailer.enabled) return;
  await mailer.enqueue(tx, {
    key: `password-changed.${user.id}.${crypto.randomUUID()}`,
    to: user.email,
    ...passwordChangedMail({
      siteName: mailer.siteName,
      publicUrl: mailer.publicUrl,
      language: mailLanguage(user.mailLanguage, notice.siteLanguage),
      how: notice.how,
      moderates: user.role === 'moderator' || user.role === 'admin',
      revokedTokens: tokens.rows.length > 0,
    }),
  });
}
