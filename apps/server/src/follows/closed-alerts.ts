import type { Database, Queryable } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { closedAlertMail } from '../mail/messages/follow-mails.ts';
import { mailLanguage } from '../mail/messages/mail-language.ts';
import { nameIn } from '../notifications/notifier.ts';
import { newUnsubscribeLink } from '../notifications/unsubscribe-links.ts';
import { listFilter } from '../places/list-sql.ts';
import { type FollowRecord, follows } from './follow-repository.ts';
import { followedPlace, manageUrl } from './follow-service.ts';

/** How often new "reported closed" notes are looked for: an alert goes out within this long. */
export const ALERT_CHECK_MS = 30_000;
/**
 * A note published longer ago than this is marked without alerting (a site that was down for a
 * day does not send yesterday's news as if it were now).
 */
const ALERT_WITHIN_HOURS = 6;
/** Metres in a degree of latitude, to keep only spot follows near enough to be served. */
const METRES_PER_DEGREE = 111_320;

interface NoteToAlert {
  id: number;
  place_id: number;
  text: string;
  fresh: boolean;
  place_published: boolean;
  name: Record<string, string>;
  category: string;
  lat: number;
  lng: number;
  radius: number | null;
}

/**
 * E-mails, at once, the follows that asked for it (`alerts`) about places reported closed today:
 * each published `closed_now` note is taken once, under a row lock that other instances skip, and
 * marked in the same transaction as its e-mails are queued, so each alert is written once. A note
 * that ended, was hidden or whose place left the map before its turn is marked and not sent.
 */
export async function writeClosedAlerts(database: Database, mailer: Mailer, siteLanguage: string) {
  if (!mailer.enabled) return 0;
  let written = 0;
  for (;;) {
    const wrote = await database.transaction((tx) => alertNext(tx, mailer, siteLanguage));
    if (wrote === null) break;
    written += wrote;
  }
  if (written > 0) mailer.wake();
  return written;
}

/** Alerts the next note waiting, if any: how many e-mails it queued, or null when none waits. */
async function alertNext(tx: Queryable, mailer: Mailer, siteLanguage: string): Promise<number | null> {
  const { rows } = await tx.query<NoteToAlert>(
    `SELECT n.id, n.place_id, n.text,
            n.expires_at > now() AND n.published_at > now() - make_interval(hours => $1) AS fresh,
            p.status = 'published' AS place_published, p.name, c.slug AS category,
            p.public_lat AS lat, p.public_lng AS lng, p.radius
       FROM place_notes n JOIN places p ON p.id = n.place_id JOIN categories c ON c.id = p.category_id
      WHERE n.state = 'published' AND n.effect = 'closed_now' AND n.alerted_at IS NULL
      ORDER BY n.published_at LIMIT 1
      FOR UPDATE OF n SKIP LOCKED`,
    [ALERT_WITHIN_HOURS],
  );
  const note = rows[0];
  if (!note) return null;
  await tx.query('UPDATE place_notes SET alerted_at = now() WHERE id = $1', [note.id]);
  if (!note.fresh || !note.place_published) return 0;
  let written = 0;
  for (const follow of await followsOf(tx, note)) {
    const language = mailLanguage(follow.language, siteLanguage);
    const mail = closedAlertMail(
      { siteName: mailer.siteName, publicUrl: mailer.publicUrl, language },
      {
        followed: await followedPlace(tx, follow, language),
        note: {
          name: nameIn(note.name, language),
          kind: 'closed_now',
          text: note.text,
          url: `${mailer.publicUrl}/places/${note.place_id}`,
        },
        manageUrl: manageUrl(mailer.publicUrl, await follows.newManageToken(tx, follow.email)),
        unsubscribe: await newUnsubscribeLink(tx, mailer.publicUrl, { followId: follow.id }),
      },
    );
    await mailer.enqueue(tx, { key: `closed-alert.${follow.id}.${note.id}`, to: follow.email, ...mail });
    written += 1;
  }
  return written;
}

/**
 * The confirmed follows asking for alerts that the note's place is in, by the digests' own rule
 * (the place list's filters: an area holds the place's public position, a spot is served by it):
 * candidates are found by their box or their latitude, then each is checked exactly.
 */
async function followsOf(tx: Queryable, note: NoteToAlert): Promise<FollowRecord[]> {
  const reach = (note.radius ?? 0) / METRES_PER_DEGREE;
  const { rows } = await tx.query<{ id: number }>(
    `SELECT id FROM follows
      WHERE alerts AND confirmed_at IS NOT NULL
        AND (categories IS NULL OR $1 = ANY(categories))
        AND ((kind = 'area' AND $2 BETWEEN south AND north
               AND (CASE WHEN west <= east THEN $3 BETWEEN west AND east ELSE $3 >= west OR $3 <= east END))
          OR (kind = 'spot' AND $4::float8 > 0 AND lat BETWEEN $2 - $4 AND $2 + $4))
      ORDER BY id`,
    [note.category, note.lat, note.lng, reach],
  );
  const matched: FollowRecord[] = [];
  for (const { id } of rows) {
    const follow = await follows.find(tx, Number(id));
    if (follow && (await placeMatches(tx, note.place_id, follow))) matched.push(follow);
  }
  return matched;
}

/** Whether place `placeId` is among the follow's places, by the place list's own filter. */
async function placeMatches(tx: Queryable, placeId: number, follow: FollowRecord): Promise<boolean> {
  const filter = listFilter(
    {
      ...(follow.bbox ? { bbox: follow.bbox } : {}),
      ...(follow.point ? { covers: follow.point } : {}),
      statuses: ['published'],
      order: 'oldest',
      limit: 1,
    },
    null,
  );
  const id = filter.sql.param(placeId, 'int8');
  const { rows } = await tx.query(
    `SELECT 1 FROM places p WHERE p.id = ${id} AND ${filter.where.join(' AND ')}`,
    filter.sql.params,
  );
  return rows.length > 0;
}
