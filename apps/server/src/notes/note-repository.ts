import type { Note, NoteEffect, NoteKind, NoteList, NoteState } from '@karta/contracts';
import { foldText } from '@karta/place-search';
import type { Database, Queryable } from '../db/database.ts';
import { AppError, validationError } from '../http/errors.ts';
import { type Actor, isModerator } from '../places/place-rules.ts';
import { endOfLocalDay, latestExpiry } from './note-expiry.ts';
import { confirmFreshnessFromNote } from './status-notes.ts';

/** How long a text counts as a repeat of the same author's note on the same place. */
const REPEAT_HOURS = 24;
const DEFAULT_PAGE = 20;

interface NoteRow {
  id: number;
  kind: NoteKind;
  text: string;
  language: string;
  effect: NoteEffect | null;
  state: NoteState;
  created_at: Date;
  expires_at: Date | null;
  author_name: string | null;
}

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

function toNote(row: NoteRow): Note {
  return {
    id: Number(row.id),
    kind: row.kind,
    text: row.text,
    language: row.language,
    effect: row.effect,
    state: row.state,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: iso(row.expires_at),
    authorName: row.author_name,
  };
}

/**
 * A note's columns as a reader sees them: the author's name only on a place placed exactly (a
 * name beside a coarse position could say where it is, or who lives there).
 */
const NOTE_COLUMNS = `n.id, n.kind, n.text, n.language, n.effect, n.state, n.created_at, n.expires_at,
  CASE WHEN p.location_privacy = 'exact' THEN u.display_name END AS author_name`;

export interface NewNote {
  kind: NoteKind;
  text: string;
  language: string;
  effect?: NoteEffect;
  expiresAt?: string;
}

/** Notes on published places: writing them with their moderation rules, and reading what applies now. */
export function createNoteRepository(db: Database, settings: { timeZone: string }) {
  return {
    /**
     * A signed-in author's note on a published place, published at once or waiting for a
     * moderator as the place's category says (a first note of an author always waits; a
     * moderator's never does). 404 for a place the public cannot see; 403 where the category
     * takes no notes; 409 for the same text on the same place within a day.
     */
    async create(placeId: number, input: NewNote, author: Actor, now = new Date()): Promise<Note> {
      const expiresAt =
        input.kind === 'status' ? statusExpiry(input.expiresAt, now, settings.timeZone) : null;
      const textKey = foldText(input.text);
      return db.transaction(async (tx) => {
        const { rows: places } = await tx.query<{ notes: string }>(
          `SELECT c.notes FROM places p JOIN categories c ON c.id = p.category_id
            WHERE p.id = $1 AND p.status = 'published' FOR SHARE OF p`,
          [placeId],
        );
        const place = places[0];
        if (!place) throw new AppError('not_found', `There is no place ${placeId}`);
        if (place.notes === 'off') throw new AppError('forbidden', 'This kind of place takes no notes');
        const { rows: earlier } = await tx.query<{ repeat: boolean; published: boolean }>(
          `SELECT bool_or(n.place_id = $2 AND n.text_key = $3 AND n.created_at > $4::timestamptz - interval '${REPEAT_HOURS} hours') AS repeat,
                  bool_or(n.state = 'published') AS published
             FROM place_notes n WHERE n.author_id = $1`,
          [author.id, placeId, textKey, now.toISOString()],
        );
        if (earlier[0]?.repeat)
          throw new AppError('conflict', 'You already wrote this note on this place today');
        const firstNote = !earlier[0]?.published;
        const state: NoteState =
          isModerator(author) || (place.notes === 'postmoderated' && !firstNote) ? 'published' : 'pending';
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO place_notes (place_id, kind, text, language, effect, state, author_id, text_key, created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
          [
            placeId,
            input.kind,
            input.text,
            input.language,
            input.kind === 'status' ? (input.effect ?? 'normal') : null,
            state,
            author.id,
            textKey,
            now.toISOString(),
            expiresAt?.toISOString() ?? null,
          ],
        );
        await confirmFreshnessFromNote(tx, rows[0]?.id ?? 0);
        const note = await readNote(tx, rows[0]?.id ?? 0);
        if (!note) throw new Error('The note just written cannot be read');
        return note;
      });
    },

    /**
     * A moderator's decision on a note: publish it, or hide it with a reason. Null for no such
     * note; 422 for a move the note's state does not allow (a note still unconfirmed, or one
     * already where it is asked to go).
     */
    async transition(
      id: number,
      to: 'published' | 'hidden',
      reason: string | null,
      moderator: Actor,
    ): Promise<Note | null> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<{ state: NoteState }>(
          'SELECT state FROM place_notes WHERE id = $1 FOR UPDATE',
          [id],
        );
        const from = rows[0]?.state;
        if (from === undefined) return null;
        const allowed: Record<NoteState, readonly NoteState[]> = {
          unconfirmed: [],
          pending: ['published', 'hidden'],
          published: ['hidden'],
          hidden: ['published'],
        };
        if (!allowed[from].includes(to)) {
          throw new AppError(
            'invalid_transition',
            `A ${from} note cannot be ${to === 'hidden' ? 'hidden' : 'published'}`,
          );
        }
        await tx.query(
          `UPDATE place_notes SET state = $2, decided_at = now(), decided_by = $3, hidden_reason = $4 WHERE id = $1`,
          [id, to, moderator.id, to === 'hidden' ? reason : null],
        );
        await confirmFreshnessFromNote(tx, id);
        return readNote(tx, id);
      });
    },

    /** A published place's published notes that apply at `now`, newest first; null for no such place. */
    async list(
      placeId: number,
      page: { limit?: number; before?: number },
      now = new Date(),
    ): Promise<NoteList | null> {
      const { rows: places } = await db.query(`SELECT 1 FROM places WHERE id = $1 AND status = 'published'`, [
        placeId,
      ]);
      if (places.length === 0) return null;
      const limit = page.limit ?? DEFAULT_PAGE;
      const { rows } = await db.query<NoteRow>(
        `SELECT ${NOTE_COLUMNS}
           FROM place_notes n JOIN places p ON p.id = n.place_id LEFT JOIN users u ON u.id = n.author_id
          WHERE n.place_id = $1 AND n.state = 'published'
            AND (n.expires_at IS NULL OR n.expires_at > $2::timestamptz)
            AND ($3::int8 IS NULL OR n.id < $3)
          ORDER BY n.id DESC LIMIT $4`,
        [placeId, now.toISOString(), page.before ?? null, limit + 1],
      );
      const items = rows.slice(0, limit).map(toNote);
      return { items, next: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
    },
  };
}

export type NoteRepository = ReturnType<typeof createNoteRepository>;

async function readNote(q: Queryable, id: number): Promise<Note | null> {
  const { rows } = await q.query<NoteRow>(
    `SELECT ${NOTE_COLUMNS}
       FROM place_notes n JOIN places p ON p.id = n.place_id LEFT JOIN users u ON u.id = n.author_id
      WHERE n.id = $1`,
    [id],
  );
  return rows[0] ? toNote(rows[0]) : null;
}

/** A status note's end: the one asked for, between now and seven days ahead; else the end of today. */
function statusExpiry(asked: string | undefined, now: Date, timeZone: string): Date {
  if (asked === undefined) return endOfLocalDay(now, timeZone);
  const at = new Date(asked);
  if (at.getTime() <= now.getTime() || at.getTime() > latestExpiry(now).getTime()) {
    throw validationError([
      { path: 'expiresAt', code: 'invalid', message: 'Expected a time after now and at most 7 days ahead' },
    ]);
  }
  return at;
}
