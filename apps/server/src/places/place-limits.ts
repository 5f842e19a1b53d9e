import {
  type FieldIssue,
  PLACE_TEXT_MAX,
  placeTextLength,
  unsupportedLanguageIssues,
} from '@karta/contracts';
import type { Queryable } from '../db/database.ts';
import { AppError, validationError } from '../http/errors.ts';
import { type HoursSettings, openingHoursIssues } from '../opening-hours/open-state.ts';

/**
 * How many proposals one contributor may have awaiting review at once. It keeps one account from
 * burying the moderators' queue; a decision on any of them (published or rejected) frees a place.
 * Moderators and admins are not capped: they are trusted with the queue itself.
 */
export const MAX_OPEN_PROPOSALS = 20;

/**
 * Refuses names or descriptions in a language the deployment does not offer (`LANGUAGES`), and
 * opening hours opening_hours.js cannot read with the deployment's `hours` settings, with a 400
 * naming each field (`name.de`, `openingHours`). The contract already capped how many languages
 * one may send.
 */
export function checkPlaceContent(
  input: {
    name?: Record<string, string>;
    description?: Record<string, string>;
    openingHours?: string | null;
  },
  languages: readonly string[],
  hours: HoursSettings,
): void {
  const issues: FieldIssue[] = [
    ...textLanguageIssues(input, languages),
    // Hours are checked here too: a value opening_hours.js cannot read is refused as written.
    ...openingHoursIssues(input.openingHours, 'openingHours', hours),
  ];
  if (issues.length > 0) throw validationError(issues);
}

/**
 * Refuses names or descriptions in a language the deployment does not offer (`LANGUAGES`), with
 * a 400 naming each field (`name.de`): what `checkPlaceContent` checks of text that has no hours.
 */
export function checkTextLanguages(
  input: { name?: Record<string, string>; description?: Record<string, string> },
  languages: readonly string[],
): void {
  const issues = textLanguageIssues(input, languages);
  if (issues.length > 0) throw validationError(issues);
}

function textLanguageIssues(
  input: { name?: Record<string, string>; description?: Record<string, string> },
  languages: readonly string[],
): FieldIssue[] {
  return [
    ...unsupportedLanguageIssues(input.name, languages, 'name'),
    ...unsupportedLanguageIssues(input.description, languages, 'description'),
  ];
}

/** Refuses an edited place whose text, all fields together, would exceed {@link PLACE_TEXT_MAX}. */
export function checkPlaceTextTotal(place: Parameters<typeof placeTextLength>[0]): void {
  if (placeTextLength(place) > PLACE_TEXT_MAX) {
    throw validationError([
      {
        path: 'description',
        code: 'too_long',
        params: { maximum: PLACE_TEXT_MAX },
        message: `A place holds at most ${PLACE_TEXT_MAX} characters of text in all`,
      },
    ]);
  }
}

/**
 * Locks the author's row (so two proposals sent at once cannot both slip under the cap) and
 * refuses a contributor's proposal beyond {@link MAX_OPEN_PROPOSALS} pending ones with 429.
 */
export async function checkOpenProposals(tx: Queryable, authorId: number): Promise<void> {
  const { rows } = await tx.query<{ role: string; open: number }>(
    `SELECT u.role, (SELECT count(*)::int FROM places p WHERE p.author_id = u.id AND p.status = 'pending') AS open
     FROM users u WHERE u.id = $1 FOR UPDATE`,
    [authorId],
  );
  const author = rows[0];
  if (author?.role === 'contributor' && author.open >= MAX_OPEN_PROPOSALS) {
    throw new AppError(
      'too_many_open_proposals',
      `You already have ${MAX_OPEN_PROPOSALS} proposals waiting for review: wait until moderators decide on some`,
      { maximum: MAX_OPEN_PROPOSALS },
    );
  }
}
