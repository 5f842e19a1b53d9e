import type { Database } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { mailLanguage } from '../mail/messages/mail-language.ts';
import { reviewDigestMail } from '../mail/messages/notice-mails.ts';
import { nameIn } from './notifier.ts';
import { newUnsubscribeLink } from './unsubscribe-links.ts';

/** A daily digest covers at least this long since the last one. */
export const DIGEST_PERIOD_HOURS = 24;
/** Names listed per section; the rest is counted ("…and 12 more"). */
const NAMES_LISTED = 10;

interface DailyModerator {
  id: number;
  email: string;
  language: string | null;
  /** Where the last digest ended, to the microsecond (a JS Date would cut it); null before the first. */
  until: string | null;
}

/**
 * Writes the daily digests that are due: for each moderator who chose one and whose last digest
 * is a day old, what came into the queue since (proposals of proven addresses, flags), if
 * anything did. Each digest moves the moderator's mark forward in the same transaction, under a
 * check that nobody moved it first, so two instances running this at once write it once.
 * Returns how many digests were written.
 */
export async function writeDueReviewDigests(
  database: Database,
  mailer: Mailer,
  siteLanguage: string,
): Promise<number> {
  if (!mailer.enabled) return 0;
  const { rows } = await database.query<DailyModerator & { id: string | number }>(
    `SELECT id, email, mail_language AS language, review_digest_until::text AS until FROM users
     WHERE role IN ('moderator', 'admin') AND NOT disabled AND review_mail = 'daily'
       AND (review_digest_until IS NULL OR review_digest_until <= now() - make_interval(hours => $1))
     ORDER BY id`,
    [DIGEST_PERIOD_HOURS],
  );
  let written = 0;
  for (const row of rows) {
    const moderator = { ...row, id: Number(row.id) };
    const done = await database.transaction(async (tx) => {
      const moved = await tx.query<{ since: Date; until: Date }>(
        `UPDATE users SET review_digest_until = now()
         WHERE id = $1::int8 AND review_digest_until::text IS NOT DISTINCT FROM $2::text
         RETURNING coalesce($2::timestamptz, now() - make_interval(hours => $3)) AS since, review_digest_until AS until`,
        [moderator.id, moderator.until, DIGEST_PERIOD_HOURS],
      );
      const window = moved.rows[0];
      if (!window) return false;
      const language = mailLanguage(moderator.language, siteLanguage);
      const proposals = await tx.query<{ name: Record<string, string>; total: number }>(
        `SELECT p.name, count(*) OVER ()::int AS total
         FROM places p JOIN users a ON a.id = p.author_id
         WHERE p.status = 'pending' AND p.created_at > $1 AND p.created_at <= $2
           AND a.email_verified_at IS NOT NULL AND p.author_id <> $3::int8
         ORDER BY p.created_at LIMIT ${NAMES_LISTED}`,
        [window.since, window.until, moderator.id],
      );
      const flags = await tx.query<{ name: Record<string, string>; total: number }>(
        `SELECT p.name, count(*) OVER ()::int AS total
         FROM flags f JOIN places p ON p.id = f.place_id
         WHERE f.status = 'open' AND f.created_at > $1 AND f.created_at <= $2
         ORDER BY f.created_at LIMIT ${NAMES_LISTED}`,
        [window.since, window.until],
      );
      const notes = await tx.query<{ name: Record<string, string>; total: number }>(
        `SELECT p.name, count(*) OVER ()::int AS total
         FROM place_notes n JOIN places p ON p.id = n.place_id
         WHERE n.state = 'pending' AND n.created_at > $1 AND n.created_at <= $2
           AND n.author_id IS DISTINCT FROM $3::int8
         ORDER BY n.created_at LIMIT ${NAMES_LISTED}`,
        [window.since, window.until, moderator.id],
      );
      const section = (result: { rows: { name: Record<string, string>; total: number }[] }) => ({
        total: result.rows[0]?.total ?? 0,
        names: result.rows.map((item) => nameIn(item.name, language)),
      });
      const content = { proposals: section(proposals), notes: section(notes), flags: section(flags) };
      if (content.proposals.total + content.notes.total + content.flags.total === 0) return false;
      const mail = reviewDigestMail(
        { siteName: mailer.siteName, publicUrl: mailer.publicUrl, language },
        {
          ...content,
          unsubscribe: await newUnsubscribeLink(tx, mailer.publicUrl, {
            userId: moderator.id,
            list: 'review',
          }),
        },
      );
      await mailer.enqueue(tx, {
        key: `review-digest.${moderator.id}.${new Date(window.until).getTime()}`,
        to: moderator.email,
        ...mail,
      });
      return true;
    });
    if (done) written += 1;
  }
  if (written > 0) mailer.wake();
  return written;
}
