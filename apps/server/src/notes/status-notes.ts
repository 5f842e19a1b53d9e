import type { NoteEffect, Place, StatusNote } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';
import type { KeptByPlace } from '../places/kept-by-place.ts';
import { jsonOnce } from '../places/kept-page.ts';

/** What a place answer says of its notes: the current status note, and whether it takes notes. */
export interface PlaceNoteFacts {
  statusNote: StatusNote | null;
  notesAllowed: boolean;
}

interface FactsRow {
  place_id: number;
  notes_allowed: boolean;
  id: number | null;
  text: string | null;
  effect: NoteEffect | null;
  created_at: Date | null;
  expires_at: Date | null;
  author_name: string | null;
}

/**
 * Each place's current status note (its newest published status note that has not ended at
 * `now`) and whether its category takes notes, for a whole page of places in one query. An ended
 * note simply stops being returned: no job clears it, and it stays in the table. The author's name
 * only on a place placed exactly, as on every note.
 */
export async function noteFactsOf(
  db: Queryable,
  placeIds: readonly number[],
  now: Date,
): Promise<Map<number, PlaceNoteFacts>> {
  const facts = new Map<number, PlaceNoteFacts>();
  if (placeIds.length === 0) return facts;
  const { rows } = await db.query<FactsRow>(
    `SELECT p.id AS place_id, c.notes <> 'off' AS notes_allowed,
            s.id, s.text, s.effect, s.created_at, s.expires_at,
            CASE WHEN p.location_privacy = 'exact' THEN u.display_name END AS author_name
       FROM places p
       JOIN categories c ON c.id = p.category_id
       LEFT JOIN LATERAL (
         SELECT n.id, n.text, n.effect, n.created_at, n.expires_at, n.author_id
           FROM place_notes n
          WHERE n.place_id = p.id AND n.state = 'published' AND n.kind = 'status'
            AND n.expires_at > $2::timestamptz
          ORDER BY n.id DESC LIMIT 1
       ) s ON TRUE
       LEFT JOIN users u ON u.id = s.author_id
      WHERE p.id = ANY($1::int8[])`,
    [[...new Set(placeIds)], now.toISOString()],
  );
  for (const row of rows) {
    facts.set(Number(row.place_id), {
      notesAllowed: row.notes_allowed,
      statusNote:
        row.id === null || row.effect === null
          ? null
          : {
              id: Number(row.id),
              text: row.text ?? '',
              effect: row.effect,
              createdAt: new Date(row.created_at as Date).toISOString(),
              expiresAt: new Date(row.expires_at as Date).toISOString(),
              authorName: row.author_name,
            },
    });
  }
  return facts;
}

/**
 * The note facts of these places (see noteFactsOf): one query for the whole page. With `kept`,
 * facts kept there are taken from memory and those read are kept: only for places read just after
 * the map index caught up with the change log, which logs every change of a published status note
 * (migration 041) and tells `kept` of it. A kept note that has ended since is read again, as an
 * older note may be current now.
 */
export async function noteFactsFor(
  db: Queryable,
  placeIds: readonly number[],
  now = new Date(),
  kept?: KeptByPlace<PlaceNoteFacts>,
): Promise<Map<number, PlaceNoteFacts>> {
  return kept
    ? await kept.through(
        placeIds,
        (missing) => noteFactsOf(db, missing, now),
        (known) => !hasEnded(known.statusNote, now),
      )
    : await noteFactsOf(db, placeIds, now);
}

/** The places with their note facts added (see noteFactsFor). */
export async function withNoteFacts<P extends Place>(
  db: Queryable,
  places: P[],
  now = new Date(),
  kept?: KeptByPlace<PlaceNoteFacts>,
): Promise<P[]> {
  const facts = await noteFactsFor(
    db,
    places.map((place) => place.id),
    now,
    kept,
  );
  return places.map((place) => {
    const known = facts.get(place.id);
    return known ? { ...place, ...known } : place;
  });
}

/**
 * Facts as the members of a place's JSON (`"statusNote":…,"notesAllowed":…`) in UTF-8, written
 * once per kept facts: a page written from kept items adds them to each place (kept-page.ts).
 */
export const noteFactsJson = jsonOnce(
  (facts: PlaceNoteFacts) =>
    `"statusNote":${JSON.stringify(facts.statusNote)},"notesAllowed":${facts.notesAllowed}`,
);

const hasEnded = (note: StatusNote | null, now: Date) =>
  note !== null && Date.parse(note.expiresAt) <= now.getTime();

/**
 * A published status note saying the place is as usual counts as a "Still here" from its author:
 * it is recorded among the place's confirmations (once per note) and makes the place confirmed as
 * of when the note was written. Anything else (a comment, another effect, a note not published)
 * changes nothing. Called in the transaction that publishes the note.
 */
export async function confirmFreshnessFromNote(tx: Queryable, noteId: number): Promise<void> {
  const { rows } = await tx.query<{ place_id: number; author_id: number | null; created_at: Date }>(
    `SELECT n.place_id, n.author_id, n.created_at FROM place_notes n JOIN places p ON p.id = n.place_id
      WHERE n.id = $1 AND n.state = 'published' AND n.kind = 'status' AND n.effect = 'normal'
        AND p.status = 'published'`,
    [noteId],
  );
  const note = rows[0];
  if (!note) return;
  // A key of the note's own: never the same row as a visitor's answer, and counted once per note.
  const key = `note:${noteId}`;
  await tx.query(
    `INSERT INTO place_confirmations (place_id, still, user_id, client_key, address_key)
     VALUES ($1, TRUE, $2, $3, $3) ON CONFLICT (place_id, client_key, day) DO NOTHING`,
    [note.place_id, note.author_id, key],
  );
  await tx.query(
    'UPDATE places SET last_confirmed_at = greatest(last_confirmed_at, $2::timestamptz) WHERE id = $1',
    [note.place_id, new Date(note.created_at).toISOString()],
  );
}
