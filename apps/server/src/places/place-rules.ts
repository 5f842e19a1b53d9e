/**
 * Who may do what to a place (docs/product-rules.md §Roles and §States), as pure functions so every
 * route and the authorisation-matrix tests read one rule.
 */
import { AppError, validationError } from '../http/errors.ts';

export type PlaceStatus = 'pending' | 'published' | 'rejected' | 'archived';
export type Role = 'contributor' | 'moderator' | 'admin';

export interface Actor {
  id: number;
  role: Role;
}

/**
 * Why a change is refused: `forbidden` (403) when the actor may not, `invalid_transition` (422)
 * when no one may, `reason_required` (a 400 `validation_error` on `reason`) when a reason is missing.
 */
export type Refusal =
  | { code: 'forbidden'; message: string }
  | { code: 'invalid_transition'; message: string }
  | { code: 'reason_required'; message: string };

/** Throws the error the API answers for `refusal`, if there is one. */
export function refuse(refusal: Refusal | null): void {
  if (!refusal) return;
  if (refusal.code === 'reason_required')
    throw validationError([{ path: 'reason', message: refusal.message }]);
  throw new AppError(refusal.code, refusal.message);
}

/** The transitions of §States and who makes each: a moderator (or admin), or the place's author. */
const TRANSITIONS: Record<string, 'moderator' | 'author'> = {
  'pending→published': 'moderator',
  'pending→rejected': 'moderator',
  'rejected→pending': 'author',
  'published→archived': 'moderator',
  'archived→published': 'moderator',
};

export function isModerator(actor: Actor): boolean {
  return actor.role === 'moderator' || actor.role === 'admin';
}

/**
 * Whether `actor` may move a place from `from` to `to`. A moderator may also resubmit a rejected
 * place (they may edit any place); a rejection needs a reason.
 */
export function checkTransition(
  actor: Actor,
  place: { status: PlaceStatus; authorId: number | null },
  to: PlaceStatus,
  reason: string | null,
): Refusal | null {
  const who = TRANSITIONS[`${place.status}→${to}`];
  if (!who) {
    return { code: 'invalid_transition', message: `A ${place.status} place cannot become ${to}.` };
  }
  const allowed = isModerator(actor) || (who === 'author' && place.authorId === actor.id);
  if (!allowed) return { code: 'forbidden', message: 'You may not make this change.' };
  if (to === 'rejected' && !reason?.trim()) {
    return { code: 'reason_required', message: 'A rejection needs a reason.' };
  }
  return null;
}

/** Contributors edit their own places while pending or rejected; moderators edit any place. */
export function checkEdit(
  actor: Actor,
  place: { status: PlaceStatus; authorId: number | null },
): Refusal | null {
  if (isModerator(actor)) return null;
  const own = place.authorId === actor.id;
  if (own && (place.status === 'pending' || place.status === 'rejected')) return null;
  return { code: 'forbidden', message: 'You may not edit this place.' };
}

/**
 * Whether `viewer` (null for a visitor) may see a place that is not published: its author and
 * moderators only. The one visibility rule every read path uses.
 */
export function canSee(
  viewer: Actor | null,
  place: { status: PlaceStatus; authorId: number | null },
): boolean {
  if (place.status === 'published') return true;
  if (!viewer) return false;
  return isModerator(viewer) || place.authorId === viewer.id;
}
