import type { Database } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { importFailedMail } from '../mail/messages/import-failed-mail.ts';
import { mailLanguage } from '../mail/messages/mail-language.ts';
import type { ImportSource } from './source-repository.ts';
import type { RunOutcome } from './source-run.ts';

/**
 * Tells a source's admin (who added it) that a run failed, with the first refused rows: one
 * e-mail per failed run, through the outbox. Nothing when mail is off or the admin is gone.
 */
export function importFailureMailer(db: Database, mailer: Mailer, siteLanguage: string) {
  return async (source: ImportSource, outcome: RunOutcome): Promise<void> => {
    if (!mailer.enabled || source.createdBy === null) return;
    const { rows } = await db.query<{ email: string; mail_language: string | null }>(
      'SELECT email, mail_language FROM users WHERE id = $1',
      [source.createdBy],
    );
    const admin = rows[0];
    if (!admin) return;
    const mail = importFailedMail(
      {
        siteName: mailer.siteName,
        publicUrl: mailer.publicUrl,
        language: mailLanguage(admin.mail_language, siteLanguage),
      },
      { name: source.name, url: source.url, error: outcome.error ?? '', refused: outcome.refused ?? [] },
    );
    await db.transaction((tx) =>
      mailer.enqueue(tx, { key: `import-failed:${outcome.runId}`, to: admin.email, ...mail }),
    );
    mailer.wake();
  };
}
