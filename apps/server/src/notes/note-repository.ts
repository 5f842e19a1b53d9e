import type { ConfirmedNote, Note, NoteEffect, NoteKind, NoteList, NoteState } from '@karta/contracts';
import { foldText } from '@karta/place-search';
import { hashSessionToken, newSessionToken } from '../accounts/session-repository.ts';
import { type AuditActor, recordAudit } from '../audit/record-audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError, validationError } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { mailLanguage } from '../mail/messages/mail-language.ts';
import { noteConfirmationMail } from '../mail/messages/note-mails.ts';
import { recipientKey } from '../mail/outbox.ts';
import { type Actor, isModerator } from '../places/place-rules.ts';
import { blockedSenders } from './blocked-senders.ts';
import { containsLink } from './link-detector.ts';
import { endOfLocalDay, latestExpiry } from './note-expiry.ts';
import { type AuthorKey, authorHistory, checkNoteLimits, lockForNote } from './note-limits.ts';
import { confirmFreshnessFromNote } from './status-notes.ts';

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
  /** The honeypot field (see `NoteInput.website`): people leave it empty. */
  website?: string;
}

/** Who writes a note: a signed-in account, or a signed-out visitor with the address they gave. */
export type NoteAuthor = { account: Actor & { email: string } } | { email: string };

/** The answer for a note that waits for its e-mailed link (or that a bot thinks does). */
const UNCONFIRMED = { state: 'unconfirmed' } as const;

/**
 * Unconfirmed notes of one address within their link's week, at most: past it a new note is
 * neither stored nor mailed (and answered the same), so nobody can make us send an address more
 * than this many confirmation e-mails a week.
 */
export const MAX_UNCONFIRMED_NOTES_PER_ADDRESS = 3;
/** A confirmation link works for a week; unconfirmed notes older than that are deleted. */
export const NOTE_CONFIRM_DAYS = 7;

/** What a moderator decided on a note, for its author's e-mail (written in the same transaction). */
export interface NoteDecision {
  noteId: number;
  to: 'published' | 'hidden';
  reason: string | null;
  moderatorId: number;
}

export interface NoteSettings {
  timeZone: string;
  mailer: Mailer;
  siteLanguage: string;
  /** Tells a note's author of a moderator's decision (the notifier: notifications floor). */
  decided: (tx: Queryable, decision: NoteDecision) => Promise<void>;
  /** Tells the moderators who asked for it at once that a note waits for them (the notifier). */
  waiting: (tx: Queryable, noteId: number) => Promise<void>;
}

/** Notes on published places: writing them with their moderation and spam rules, and reading what applies now. */
export function createNoteRepository(db: Database, settings: NoteSettings) {
  const { mailer } = settings;
  return {
    /**
     * A note on a published place. An account's is published at once or waits for a moderator as
     * the place's category says (a first note of an author always waits; a moderator's never
     * does). A signed-out author's waits unseen for the link e-mailed to them (see `confirm`).
     * Refused, writing nothing: 404 for a place the public cannot see; 403 where the category
     * takes no notes, or from a blocked address; 400 for a signed-out author's link; 429 past a
     * limit (NOTE_LIMITS); 409 for the same text on the same place within a day. A note with the
     * honeypot filled in is answered as taken, and neither stored nor mailed.
     */
    async create(
      placeId: number,
      input: NewNote,
      author: NoteAuthor,
      now = new Date(),
    ): Promise<Note | typeof UNCONFIRMED> {
      if (input.website?.trim()) return UNCONFIRMED;
      const account = 'account' in author ? author.account : null;
      if (!account && containsLink(input.text)) {
        throw new AppError('links_not_allowed', 'Notes written without signing in may not hold links');
      }
      const email = account ? account.email : (author as { email: string }).email.trim();
      if (await blockedSenders.blocks(db, email)) {
        throw new AppError('sender_blocked', 'Notes from this address are not taken');
      }
      const expiresAt =
        input.kind === 'status' ? statusExpiry(input.expiresAt, now, settings.timeZone) : null;
      const textKey = foldText(input.text);
      const authorKey: AuthorKey = account ? { accountId: account.id } : { emailKey: recipientKey(email) };
      const confirm = account ? null : newSessionToken();
      const written = await db.transaction(async (tx) => {
        const { rows: places } = await tx.query<{ notes: string; name: Record<string, string> }>(
          `SELECT c.notes, p.name FROM places p JOIN categories c ON c.id = p.category_id
            WHERE p.id = $1 AND p.status = 'published' FOR SHARE OF p`,
          [placeId],
        );
        const place = places[0];
        if (!place) throw new AppError('not_found', `There is no place ${placeId}`);
        if (place.notes === 'off') throw new AppError('forbidden', 'This kind of place takes no notes');
        await lockForNote(tx, authorKey, placeId);
        const trusted = account !== null && isModerator(account);
        if (!trusted) await checkNoteLimits(tx, authorKey, placeId, now);
        const earlier = await authorHistory(tx, authorKey, placeId, textKey, now);
        if (earlier.repeat) throw new AppError('conflict', 'You already wrote this note on this place today');
        if (!account && (await unconfirmedOf(tx, recipientKey(email))) >= MAX_UNCONFIRMED_NOTES_PER_ADDRESS) {
          return UNCONFIRMED;
        }
        const state: NoteState = !account
          ? 'unconfirmed'
          : trusted || (place.notes === 'postmoderated' && earlier.published)
            ? 'published'
            : 'pending';
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO place_notes (place_id, kind, text, language, effect, state, author_id, text_key, created_at,
             expires_at, email, email_key, confirm_token_hash)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
          [
            placeId,
            input.kind,
            input.text,
            input.language,
            input.kind === 'status' ? (input.effect ?? 'normal') : null,
            state,
            account?.id ?? null,
            textKey,
            now.toISOString(),
            expiresAt?.toISOString() ?? null,
            account ? null : email,
            account ? null : recipientKey(email),
            confirm?.tokenHash ?? null,
          ],
        );
        const id = Number(rows[0]?.id ?? 0);
        if (state === 'pending') await settings.waiting(tx, id);
        if (confirm) {
          const language = mailLanguage(input.language, settings.siteLanguage);
          const mail = noteConfirmationMail(
            { siteName: mailer.siteName, publicUrl: mailer.publicUrl, language },
            {
              note: {
                placeName: place.name[language] ?? Object.values(place.name)[0] ?? '',
                text: input.text,
              },
              confirmUrl: `${mailer.publicUrl}/notes/confirm?token=${confirm.token}`,
            },
          );
          await mailer.enqueue(tx, { key: `note-confirm.${id}`, to: email, ...mail });
          return UNCONFIRMED;
        }
        await confirmFreshnessFromNote(tx, id);
        const note = await readNote(tx, id);
        if (!note) throw new Error('The note just written cannot be read');
        return note;
      });
      if (confirm) mailer.wake();
      return written;
    },

    /**
     * A signed-out author's note, confirmed by its e-mailed link's token (unused, within its
     * week): it then waits for a moderator, or is published, by the rules of signed-in authors,
     * keyed by the address. Undefined for an unknown, used or expired link.
     */
    async confirm(token: string): Promise<ConfirmedNote | undefined> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number; place_id: number; email_key: string; notes: string }>(
          `SELECT n.id, n.place_id, n.email_key, c.notes
             FROM place_notes n JOIN places p ON p.id = n.place_id JOIN categories c ON c.id = p.category_id
            WHERE n.confirm_token_hash = $1 AND n.state = 'unconfirmed'
              AND n.created_at > now() - make_interval(days => $2)
            FOR UPDATE OF n`,
          [hashSessionToken(token), NOTE_CONFIRM_DAYS],
        );
        const found = rows[0];
        if (!found) return undefined;
        const { rows: published } = await tx.query(
          `SELECT 1 FROM place_notes WHERE email_key = $1 AND state = 'published' LIMIT 1`,
          [found.email_key],
        );
        const state: NoteState =
          found.notes === 'postmoderated' && published.length > 0 ? 'published' : 'pending';
        await tx.query(`UPDATE place_notes SET state = $2, confirm_token_hash = NULL WHERE id = $1`, [
          found.id,
          state,
        ]);
        await confirmFreshnessFromNote(tx, Number(found.id));
        if (state === 'pending') await settings.waiting(tx, Number(found.id));
        const note = await readNote(tx, Number(found.id));
        return note ? { ...note, placeId: Number(found.place_id) } : undefined;
      });
    },

    /** Deletes the notes never confirmed within their link's week. */
    async tidy(): Promise<void> {
      await db.query(
        `DELETE FROM place_notes WHERE state = 'unconfirmed' AND created_at < now() - make_interval(days => $1)`,
        [NOTE_CONFIRM_DAYS],
      );
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
      moderator: AuditActor,
    ): Promise<Note | null> {
      const moved = await db.transaction(async (tx) => {
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
        await recordAudit(tx, moderator, {
          action: 'note.transition',
          objectId: id,
          reason,
          before: { state: from },
          after: { state: to },
        });
        await confirmFreshnessFromNote(tx, id);
        // The author hears of a waiting note published, and of any note hidden (with the reason).
        if (to === 'hidden' || from === 'pending') {
          await settings.decided(tx, {
            noteId: id,
            to,
            reason: to === 'hidden' ? reason : null,
            moderatorId: moderator.id,
          });
        }
        return readNote(tx, id);
      });
      if (mailer.enabled) mailer.wake();
      return moved;
    },

    /**
     * A published place's published notes that apply at `now`, newest first, or with `ended` its
     * history: the status notes that have ended. Null for no such place.
     */
    /** A published note as visitors see it, or null (webhooks carry it). */
    async published(id: number): Promise<Note | null> {
      const note = await readNote(db, id);
      return note?.state === 'published' ? note : null;
    },

    async list(
      placeId: number,
      page: { limit?: number; before?: number; ended?: boolean },
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
            AND ${page.ended ? 'n.expires_at <= $2::timestamptz' : '(n.expires_at IS NULL OR n.expires_at > $2::timestamptz)'}
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

/** An address's notes still waiting for their link within its week. */
async function unconfirmedOf(tx: Queryable, emailKey: string): Promise<number> {
  const { rows } = await tx.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM place_notes
      WHERE email_key = $1 AND state = 'unconfirmed' AND created_at > now() - make_interval(days => $2)`,
    [emailKey, NOTE_CONFIRM_DAYS],
  );
  return rows[0]?.count ?? 0;
}
