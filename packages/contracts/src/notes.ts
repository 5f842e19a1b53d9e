import { z } from 'zod';
import { EmailAddress, ResetToken } from './auth.ts';
import { BigId, IsoDateTime, LanguageCode, text } from './primitives.ts';
import { BooleanParam, intParam } from './query-params.ts';

/**
 * A note on a place: `status`, today's news that expires ("no water today"), or `comment`, which
 * lasts. What a status note says of the place now: closed, open with limits, or as usual.
 */
export const NoteKind = z.enum(['status', 'comment']);
export type NoteKind = z.infer<typeof NoteKind>;

export const NoteEffect = z.enum(['closed_now', 'limited', 'normal']);
export type NoteEffect = z.infer<typeof NoteEffect>;

/**
 * Where a note stands: `unconfirmed` (a signed-out author has not followed the e-mailed link
 * yet), `pending` (waiting for a moderator), `published`, or `hidden` (by a moderator).
 */
export const NoteState = z.enum(['unconfirmed', 'pending', 'published', 'hidden']);
export type NoteState = z.infer<typeof NoteState>;

/** The longest status note and comment, in characters. */
export const STATUS_NOTE_MAX = 200;
export const COMMENT_MAX = 1000;
/** How far ahead a status note may expire. */
export const STATUS_NOTE_MAX_DAYS = 7;

/** `POST /api/v1/places/{id}/notes`. */
export const NoteInput = z
  .object({
    kind: NoteKind,
    text: text({ kind: 'prose', min: 1, max: COMMENT_MAX }),
    language: LanguageCode,
    /** Status notes only: what the note says of the place now (default `normal`). */
    effect: NoteEffect.optional(),
    /** Status notes only: when it stops applying (default: the end of today in the site's time zone). */
    expiresAt: IsoDateTime.optional(),
    /**
     * Signed-out authors (required without a session): the address the confirmation link goes to,
     * never shown. A signed-in author's note is tied to the account instead, and this is ignored.
     */
    email: EmailAddress.optional(),
    /**
     * A honeypot: the web form's field of this name is hidden from people, so only a bot fills it
     * in. A note that has it is answered as if taken, and neither stored nor mailed.
     */
    website: z.string().max(200).optional(),
  })
  .superRefine((note, ctx) => {
    if (note.kind === 'status' && [...note.text].length > STATUS_NOTE_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['text'],
        message: `A status note holds at most ${STATUS_NOTE_MAX} characters`,
        params: { code: 'too_long', maximum: STATUS_NOTE_MAX },
      });
    }
    if (note.kind === 'comment') {
      for (const key of ['effect', 'expiresAt'] as const) {
        if (note[key] !== undefined) {
          ctx.addIssue({ code: 'custom', path: [key], message: 'Only a status note has this' });
        }
      }
    }
  });
export type NoteInput = z.input<typeof NoteInput>;

/** A note as the API gives it; `authorName` only where it may be shown. */
export const Note = z.object({
  id: BigId,
  kind: NoteKind,
  text: z.string(),
  language: LanguageCode,
  /** Status notes: what it says of the place; null for comments. */
  effect: NoteEffect.nullable(),
  state: NoteState,
  createdAt: IsoDateTime,
  /** Status notes: when it stops applying; null for comments. */
  expiresAt: IsoDateTime.nullable(),
  /** The author's display name; null for a signed-out author, or on a place whose position is coarse. */
  authorName: z.string().nullable(),
});
export type Note = z.infer<typeof Note>;

/** What a signed-out author gets back (202): the note waits for its e-mailed link. */
export const NoteAccepted = z.object({ state: z.literal('unconfirmed') });
export type NoteAccepted = z.infer<typeof NoteAccepted>;

/** What `POST /api/v1/places/{id}/notes` answers: the note (201), or that it waits for its link (202). */
export const NoteReceipt = z.union([Note, NoteAccepted]);
export type NoteReceipt = z.infer<typeof NoteReceipt>;

/** `GET /api/v1/places/{id}/notes`: published notes that apply now, newest first, page by page. */
export const NoteListQuery = z.object({
  limit: intParam(1, 50).optional(),
  /** The id of the last note of the page before. */
  before: intParam(1, Number.MAX_SAFE_INTEGER).optional(),
  /** `true`: the place's history instead, the published status notes that have ended. */
  ended: BooleanParam.optional(),
});
export type NoteListQuery = z.output<typeof NoteListQuery>;

export const NoteList = z.object({
  items: z.array(Note),
  /** The `before` of the next page, or null after the last. */
  next: z.number().int().positive().nullable(),
});
export type NoteList = z.infer<typeof NoteList>;

/** `POST /api/v1/notes/{id}/transition` (moderators): publish a note, or hide it with a reason. */
export const NoteTransition = z
  .object({
    to: z.enum(['published', 'hidden']),
    reason: text({ kind: 'prose', max: 500 }).optional(),
  })
  .superRefine((move, ctx) => {
    if (move.to === 'hidden' && !move.reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'Say why the note is hidden',
        params: { code: 'required' },
      });
    }
  });
export type NoteTransition = z.input<typeof NoteTransition>;

export const NoteIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,16}$/, 'Expected a note id')
    .transform(Number)
    .pipe(BigId),
});

/** `POST /api/v1/notes/confirm`: the token of a signed-out author's confirmation e-mail. */
export const NoteConfirmation = z.object({ token: ResetToken });
export type NoteConfirmation = z.input<typeof NoteConfirmation>;

/**
 * A note its author has just confirmed: now `pending` (waiting for a moderator) or `published`,
 * with its place, for the way back to it.
 */
export const ConfirmedNote = Note.extend({ placeId: BigId });
export type ConfirmedNote = z.infer<typeof ConfirmedNote>;
