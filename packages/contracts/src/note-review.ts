import { z } from 'zod';
import { Note } from './notes.ts';
import { LocalizedText, PlaceId } from './primitives.ts';
import { intParam } from './query-params.ts';

/**
 * A note waiting for a moderator, with the place it is on and who wrote it. Moderators see the
 * author's name whatever the place's position (they see proposals' authors too); `author` is null
 * for a visitor who wrote signed out and confirmed by e-mail (their address is never shown).
 */
export const PendingNote = Note.extend({
  place: z.object({ id: PlaceId, name: LocalizedText, primaryLanguage: z.string() }),
  author: z.object({ displayName: z.string() }).nullable(),
});
export type PendingNote = z.infer<typeof PendingNote>;

/** `GET /api/v1/notes/pending` (moderators): waiting notes, oldest first, page by page. */
export const PendingNotesQuery = z.object({
  limit: intParam(1, 100).optional(),
  /** The id of the last note of the page before. */
  after: intParam(1, Number.MAX_SAFE_INTEGER).optional(),
});
export type PendingNotesQuery = z.output<typeof PendingNotesQuery>;

export const PendingNoteList = z.object({
  items: z.array(PendingNote),
  /** How many notes wait in all. */
  total: z.number().int().nonnegative(),
  /** The `after` of the next page, or null after the last. */
  next: z.number().int().positive().nullable(),
});
export type PendingNoteList = z.infer<typeof PendingNoteList>;
