/**
 * Who may see and do what with a photo (decision 021), as pure functions beside the place rules,
 * so every route and the authorisation-matrix tests read one rule.
 */
import { PENDING_PHOTOS_PER_USER, PHOTOS_PER_PLACE, type PhotoStatus } from '@karta/contracts';
import {
  type Actor,
  canSee,
  checkEdit,
  isModerator,
  type PlaceStatus,
  type Refusal,
} from '../places/place-rules.ts';

export interface PhotoSubject {
  status: PhotoStatus;
  uploaderId: number | null;
  place: { status: PlaceStatus; authorId: number | null };
}

/**
 * Whether `viewer` (null for a visitor) may see a photo at all: a published photo wherever its
 * place may be seen; a pending or hidden one by its uploader (while they may see the place) and
 * by moderators. Nobody else learns it exists: it is not listed, counted or served to them.
 */
export function canSeePhoto(viewer: Actor | null, photo: PhotoSubject): boolean {
  if (!canSee(viewer, photo.place)) return false;
  if (photo.status === 'published') return true;
  return viewer !== null && (isModerator(viewer) || photo.uploaderId === viewer.id);
}

/** Whether a shared cache may keep the photo's file: published, on a place everyone sees. */
export function isPublicPhoto(photo: PhotoSubject): boolean {
  return photo.status === 'published' && photo.place.status === 'published';
}

/**
 * Why a photo write is refused: `forbidden` (403) when the actor may not, `invalid_transition`
 * (422) when no one may.
 */
export type PhotoRuleRefusal = Extract<Refusal, { code: 'forbidden' | 'invalid_transition' }>;

const forbidden = (message: string): PhotoRuleRefusal => ({ code: 'forbidden', message });

/**
 * Adding a photo: to a published place, or to one the actor may edit (their own proposal while
 * pending or rejected; moderators any place). Archived places take no new photos.
 */
export function checkPhotoUpload(
  actor: Actor,
  place: { status: PlaceStatus; authorId: number | null },
): PhotoRuleRefusal | null {
  if (place.status === 'archived' && !isModerator(actor)) {
    return forbidden('An archived place takes no new photos.');
  }
  if (place.status === 'published') return null;
  return checkEdit(actor, place) ? forbidden('You may not add photos to this place.') : null;
}

/** What of a place's photo limit is taken, as one uploader counts it. */
export interface PhotoSlots {
  /** The place's published photos (everyone's). */
  published: number;
  /** The uploader's own photos of the place that wait for review. */
  ownPending: number;
}

/**
 * Why one more photo (in `status`) may not be added to a place, or null when it may: `place` when
 * its published photos and the uploader's own pending ones fill its PHOTOS_PER_PLACE; `pending`
 * when a photo that would wait for review finds PENDING_PHOTOS_PER_USER of theirs waiting there.
 * Other people's pending photos and hidden ones take no slot: nobody can fill a place's slots
 * with photos that are never published (decision 021).
 */
export function photoLimitReached(slots: PhotoSlots, status: PhotoStatus): 'place' | 'pending' | null {
  if (slots.published + slots.ownPending >= PHOTOS_PER_PLACE) return 'place';
  if (status === 'pending' && slots.ownPending >= PENDING_PHOTOS_PER_USER) return 'pending';
  return null;
}

/** A moderator's photo is published at once; everyone else's waits for review. */
export function uploadStatus(actor: Actor): PhotoStatus {
  return isModerator(actor) ? 'published' : 'pending';
}

/** Alt text, licence and credit: the uploader while the photo is pending; moderators always. */
export function checkPhotoEdit(actor: Actor, photo: PhotoSubject): PhotoRuleRefusal | null {
  if (isModerator(actor)) return null;
  if (photo.uploaderId === actor.id && photo.status === 'pending') return null;
  return forbidden('You may not edit this photo.');
}

/** Publishing and hiding are the moderators'; publishing needs alt text in some language. */
export function checkPhotoTransition(
  actor: Actor,
  photo: PhotoSubject & { alt: Record<string, string> },
  to: 'published' | 'hidden',
): PhotoRuleRefusal | null {
  if (!isModerator(actor)) return forbidden('Only moderators publish or hide photos.');
  if (photo.status === to) {
    return { code: 'invalid_transition', message: `The photo is ${to} already.` };
  }
  return null;
}

/** Whether a photo being published has the alt text it needs. */
export function hasAlt(alt: Record<string, string>): boolean {
  return Object.values(alt).some((text) => text.trim() !== '');
}

/** Its uploader may always take a photo back; moderators delete any. */
export function checkPhotoDelete(actor: Actor, photo: PhotoSubject): PhotoRuleRefusal | null {
  if (isModerator(actor) || photo.uploaderId === actor.id) return null;
  return forbidden('You may not delete this photo.');
}

/** The order of a place's photos is the place's: whoever may edit the place sets it. */
export function checkPhotoOrder(
  actor: Actor,
  place: { status: PlaceStatus; authorId: number | null },
): PhotoRuleRefusal | null {
  return checkEdit(actor, place) ? forbidden('You may not reorder the photos of this place.') : null;
}
