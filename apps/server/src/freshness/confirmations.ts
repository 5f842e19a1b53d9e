import type { ConfirmationReceipt, NeedsCheckingItem } from '@karta/contracts';
import type { Database, Queryable } from '../db/database.ts';
import { CHECKED_SQL } from '../places/moderator-check.ts';
import { type PlaceRow, toPlace } from '../places/place-row.ts';
import { type Actor, isModerator } from '../places/place-rules.ts';
import type { PlaceSettings } from '../places/place-settings.ts';
import { Sql } from '../places/place-sql.ts';
import { placeColumnsSql } from '../places/place-visibility.ts';
import { isStale, staleCutoff } from '../places/stale.ts';
import { loadVisitorSalt, visitorAddressKey } from './visitor-key.ts';

/**
 * "Not here" reports from this many visitors without an account (from as many addresses) since a
 * moderator last checked the place open a report for moderators; one from a signed-in user does.
 */
export const NOT_HERE_VISITORS = 3;

/**
 * "Still here" from this many visitors without an account (from as many addresses) since the
 * place was last confirmed confirms it; one from a signed-in user does. A script without a cookie
 * is a new client at every answer, so one visitor alone never makes a place fresh.
 */
export const STILL_HERE_VISITORS = 3;

/**
 * Who answers: a user, or a visitor known by a hashed cookie; `address` is the client address as
 * the rate limits count it (IPv6 by /64), stored only as a salted hash (see visitor-key.ts).
 */
export interface Confirmer {
  actor: Actor | null;
  clientKey: string;
  address: string;
}

/** Where the "Needs checking" queue stands: the last row's order values. */
export interface NeedsCheckingCursor {
  notHere: number;
  /** `last_confirmed_at` as the database writes it (exact to the microsecond). */
  confirmedAt: string;
  id: number;
}

/**
 * "Is it still there?": visitors' one-tap answers and the moderators' queue of places to check.
 * An answer counts once per place, client and day. "Still here" confirms the place, from a
 * signed-in user or from several visitors; "Not here" counts towards a report for moderators, and
 * never changes the place itself: nobody can push a place around. Places are read with
 * `settings`, the app's (services.ts).
 */
export function createConfirmations(db: Database, settings: PlaceSettings) {
  let salt: Promise<string> | undefined;
  /** The site's visitor salt, read once (and again after a failed read). */
  const visitorSalt = () => {
    salt ??= loadVisitorSalt(db).catch((error: unknown) => {
      salt = undefined;
      throw error;
    });
    return salt;
  };

  return {
    /** Records an answer about a published place; undefined when there is no such place. */
    async confirm(placeId: number, still: boolean, who: Confirmer): Promise<ConfirmationReceipt | undefined> {
      const addressKey = visitorAddressKey(await visitorSalt(), who.address);
      return db.transaction(async (tx) => {
        // Locked: answers about one place are counted one after another.
        const { rows: places } = await tx.query<{ checked_at: Date | null; last_confirmed_at: Date }>(
          `SELECT checked_at, last_confirmed_at FROM places WHERE id = $1 AND status = 'published' FOR UPDATE`,
          [placeId],
        );
        const place = places[0];
        if (!place) return undefined;
        const { rows: inserted } = await tx.query(
          `INSERT INTO place_confirmations (place_id, still, user_id, client_key, address_key)
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (place_id, client_key, day) DO NOTHING RETURNING id`,
          [placeId, still, who.actor?.id ?? null, who.clientKey, addressKey],
        );
        const counted = inserted.length > 0;
        const moderator = who.actor !== null && isModerator(who.actor);
        if (counted && still) {
          // A moderator's "Still here" is a check: the reports before it are answered.
          if (moderator) await tx.query(`UPDATE places SET ${CHECKED_SQL} WHERE id = $1`, [placeId]);
          else if (
            who.actor !== null ||
            (await visitorsSaying(tx, placeId, true, place.last_confirmed_at)) >= STILL_HERE_VISITORS
          ) {
            await tx.query('UPDATE places SET last_confirmed_at = now() WHERE id = $1', [placeId]);
          }
        } else if (counted) {
          await tx.query('UPDATE places SET not_here_count = not_here_count + 1 WHERE id = $1', [placeId]);
          if (
            who.actor !== null ||
            (await visitorsSaying(tx, placeId, false, place.checked_at)) >= NOT_HERE_VISITORS
          ) {
            await reportGone(tx, placeId, who.actor?.id ?? null);
          }
        }
        const { rows } = await tx.query<{ last_confirmed_at: Date; flagged: boolean }>(
          `SELECT last_confirmed_at, EXISTS (
             SELECT 1 FROM flags WHERE place_id = $1 AND photo_id IS NULL AND status = 'open'
               AND reason = 'does_not_exist') AS flagged
           FROM places WHERE id = $1`,
          [placeId],
        );
        const now = rows[0] as { last_confirmed_at: Date; flagged: boolean };
        return {
          counted,
          lastConfirmedAt: now.last_confirmed_at.toISOString(),
          stale: isStale(now.last_confirmed_at, settings.staleAfterDays),
          flagged: now.flagged,
        };
      });
    },

    /**
     * One page of the "Needs checking" queue: published places with "Not here" reports since their
     * last check (most first), then those out of date (the oldest confirmation first), by id.
     */
    async needsChecking(
      viewer: Actor,
      limit: number,
      after: NeedsCheckingCursor | undefined,
    ): Promise<{ items: NeedsCheckingItem[]; next: NeedsCheckingCursor | null }> {
      const sql = new Sql();
      const param = sql.param;
      const order = '(-p.not_here_count, p.last_confirmed_at, p.id)';
      // The queue is one range of the index: below (0, cutoff) holds exactly the places to check.
      const cutoff = staleCutoff(settings.staleAfterDays).toISOString();
      const range = [`${order} < (0, ${param(cutoff, 'timestamptz')}, 0)`];
      if (after) {
        range.push(
          `${order} > (${param(-after.notHere, 'int4')}, ${param(after.confirmedAt, 'timestamptz')}, ${param(after.id, 'int8')})`,
        );
      }
      const { rows } = await db.query<PlaceRow & { not_here_count: number; confirmed_text: string }>(
        `SELECT ${placeColumnsSql(viewer, param)}, p.not_here_count, p.last_confirmed_at::text AS confirmed_text
         FROM places p JOIN categories c ON c.id = p.category_id
         WHERE p.status = 'published' AND ${range.join(' AND ')}
         ORDER BY -p.not_here_count, p.last_confirmed_at, p.id
         LIMIT ${param(limit + 1, 'int4')}`,
        sql.params,
      );
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => ({ ...toPlace(row, settings), notHereCount: row.not_here_count })),
        next:
          rows.length > limit && last
            ? { notHere: last.not_here_count, confirmedAt: last.confirmed_text, id: last.id }
            : null,
      };
    },
  };
}

export type Confirmations = ReturnType<typeof createConfirmations>;

/**
 * Visitors without an account (told apart by address) who said "Still here" (`still`) or "Not
 * here" since `since` (the last confirmation, or the last check; null: ever).
 */
async function visitorsSaying(
  tx: Queryable,
  placeId: number,
  still: boolean,
  since: Date | null,
): Promise<number> {
  const { rows } = await tx.query<{ visitors: number }>(
    `SELECT count(DISTINCT address_key)::int AS visitors FROM place_confirmations
     WHERE place_id = $1 AND still = $2 AND user_id IS NULL AND ($3::timestamptz IS NULL OR created_at > $3)`,
    [placeId, still, since?.toISOString() ?? null],
  );
  return rows[0]?.visitors ?? 0;
}

/** Opens a "does not exist" report for moderators, unless one is open already. */
async function reportGone(tx: Queryable, placeId: number, reporterId: number | null): Promise<void> {
  await tx.query(
    `INSERT INTO flags (place_id, reason, reporter_id)
     SELECT $1, 'does_not_exist', $2
     WHERE NOT EXISTS (SELECT 1 FROM flags WHERE place_id = $1 AND photo_id IS NULL AND status = 'open'
                         AND reason = 'does_not_exist')`,
    [placeId, reporterId],
  );
}
