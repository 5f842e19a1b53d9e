import { publicChanges } from '../changes/public-changes.ts';
import type { Database } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { type DigestNote, followDigestMail, followMapUrl } from '../mail/messages/follow-mails.ts';
import { mailLanguage } from '../mail/messages/mail-language.ts';
import { type PublishedNote, publishedNotes } from '../notes/published-notes.ts';
import { nameIn } from '../notifications/notifier.ts';
import { newUnsubscribeLink } from '../notifications/unsubscribe-links.ts';
import { follows } from './follow-repository.ts';
import { followedPlace, manageUrl } from './follow-service.ts';

/** A digest lists at most this many changes, and as many notes ("there were more: see the map"). */
export const DIGEST_CHANGES = 50;
/** Due follows read at a time; batches follow each other until none is due or the run's time is up. */
export const FOLLOWS_PER_BATCH = 200;
/** A run stops starting batches after this long (the next run, minutes later, goes on). */
export const RUN_BUDGET_MS = 5 * 60_000;

const PERIOD_HOURS = { daily: 24, weekly: 7 * 24 } as const;

/**
 * Writes the digests of confirmed follows that are due (a day or a week since the last): the
 * published changes there since then, public positions only (see changes/public-changes.ts), and
 * the notes published there (see notes/published-notes.ts), or nothing when there was neither. As the moderators' digest does, each moves its follow's mark in
 * the same transaction under a compare-and-set, so concurrent runs write each digest once.
 */
export async function writeDueFollowDigests(
  database: Database,
  mailer: Mailer,
  siteLanguage: string,
): Promise<number> {
  if (!mailer.enabled) return 0;
  await follows.tidy(database);
  const started = Date.now();
  // A follow whose digest fails is left for the next run, and does not hold up the others.
  const failed = new Map<number, unknown>();
  let written = 0;
  for (;;) {
    const batch = await dueFollows(database, [...failed.keys()]);
    if (batch.length === 0) break;
    written += await writeBatch(database, mailer, siteLanguage, batch, failed);
    if (Date.now() - started > RUN_BUDGET_MS) break;
  }
  if (written > 0) mailer.wake();
  if (failed.size > 0) {
    throw new Error(`The digests of ${failed.size} follows could not be written`, {
      cause: failed.values().next().value,
    });
  }
  return written;
}

/** The next confirmed follows whose digest is due, longest waiting first. */
async function dueFollows(
  database: Database,
  skip: number[],
): Promise<{ id: string | number; until: string }[]> {
  const { rows } = await database.query<{ id: string | number; until: string }>(
    `SELECT id, digest_until::text AS until FROM follows
     WHERE confirmed_at IS NOT NULL
       AND ((frequency = 'daily' AND digest_until <= now() - make_interval(hours => $1))
         OR (frequency = 'weekly' AND digest_until <= now() - make_interval(hours => $2)))
       AND id <> ALL($4::int8[])
     ORDER BY digest_until LIMIT $3`,
    [PERIOD_HOURS.daily, PERIOD_HOURS.weekly, FOLLOWS_PER_BATCH, skip],
  );
  return rows;
}

/**
 * Writes the digests of `rows`; each follow's mark moves whether or not it had changes, so a
 * follow leaves the due ones once handled (by this run or another).
 */
async function writeBatch(
  database: Database,
  mailer: Mailer,
  siteLanguage: string,
  rows: { id: string | number; until: string }[],
  failed: Map<number, unknown>,
): Promise<number> {
  let written = 0;
  for (const due of rows) {
    const wrote = await writeOne(database, mailer, siteLanguage, due).catch((error: unknown) => {
      failed.set(Number(due.id), error);
      return false;
    });
    if (wrote) written += 1;
  }
  return written;
}

/** The digest of one due follow, in its own transaction; false when there was nothing to send. */
function writeOne(
  database: Database,
  mailer: Mailer,
  siteLanguage: string,
  due: { id: string | number; until: string },
): Promise<boolean> {
  return database.transaction(async (tx) => {
    const moved = await tx.query<{ since: Date; until: Date }>(
      `UPDATE follows SET digest_until = now()
         WHERE id = $1::int8 AND digest_until::text = $2
         RETURNING $2::timestamptz AS since, digest_until AS until`,
      [due.id, due.until],
    );
    const window = moved.rows[0];
    if (!window) return false;
    const follow = await follows.find(tx, Number(due.id));
    if (!follow) return false;
    const until = new Date(window.until).getTime();
    const filters = {
      ...(follow.bbox ? { bbox: follow.bbox } : {}),
      ...(follow.point ? { covers: follow.point } : {}),
      ...(follow.categories ? { categories: follow.categories } : {}),
    };
    const since = new Date(window.since);
    const changes = (await publicChanges(tx, filters, { since, limit: DIGEST_CHANGES + 1 })).filter(
      (change) => change.at.getTime() <= until,
    );
    const notes = await publishedNotes(tx, filters, {
      since,
      until: new Date(until),
      limit: DIGEST_CHANGES + 1,
    });
    if (changes.length === 0 && notes.length === 0) return false;
    const language = mailLanguage(follow.language, siteLanguage);
    const ctx = { siteName: mailer.siteName, publicUrl: mailer.publicUrl, language };
    const mail = followDigestMail(ctx, {
      followed: await followedPlace(tx, follow, language),
      changes: changes.slice(0, DIGEST_CHANGES).map((change) => ({
        name: nameIn(change.name, language),
        kind: change.kind,
        url: change.status === 'archived' ? null : `${mailer.publicUrl}/places/${change.placeId}`,
      })),
      notes: notes.slice(0, DIGEST_CHANGES).map((note) => digestNote(note, language, mailer.publicUrl)),
      more: changes.length > DIGEST_CHANGES || notes.length > DIGEST_CHANGES,
      mapUrl: followMapUrl(mailer.publicUrl, follow),
      manageUrl: manageUrl(mailer.publicUrl, await follows.newManageToken(tx, follow.email)),
      unsubscribe: await newUnsubscribeLink(tx, mailer.publicUrl, { followId: follow.id }),
    });
    await mailer.enqueue(tx, { key: `follow-digest.${follow.id}.${until}`, to: follow.email, ...mail });
    return true;
  });
}

/** A published note as a digest or an alert tells it, in `language`. */
export function digestNote(note: PublishedNote, language: string, publicUrl: string): DigestNote {
  return {
    name: nameIn(note.name, language),
    kind: note.effect ?? 'comment',
    text: note.text,
    url: `${publicUrl}/places/${note.placeId}`,
  };
}
