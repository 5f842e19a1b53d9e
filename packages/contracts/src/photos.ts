import { z } from 'zod';
import {
  BigId,
  IsoDateTime,
  LatLng,
  LocalizedText,
  localizedInput,
  optionalText,
  PlaceId,
  PlaceStatus,
  text,
  Version,
} from './primitives.ts';

/** What an upload's body may be (decision 021): the image itself, never a form post. */
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

/** The most bytes one upload may have (413 beyond). */
export const PHOTO_LIMIT_BYTES = 15 * 1024 * 1024;

/**
 * The most photos one place may have: its published photos, plus, for whoever uploads, their own
 * that wait for review. Other people's pending photos and hidden ones take no slot, so nobody can
 * fill a place's slots with photos that are never published (decision 021).
 */
export const PHOTOS_PER_PLACE = 8;

/** The most photos one user may have waiting for review at one place (422 beyond). */
export const PENDING_PHOTOS_PER_USER = 2;

export const PhotoStatus = z.enum(['pending', 'published', 'hidden']);
export type PhotoStatus = z.infer<typeof PhotoStatus>;

/** Under which licence the uploader offers the photo; CC BY-SA 4.0 unless they choose otherwise. */
export const PhotoLicence = z.enum(['CC-BY-SA-4.0', 'CC-BY-4.0', 'CC0-1.0']);
export type PhotoLicence = z.infer<typeof PhotoLicence>;

/** Why a photo was refused (422 `photo_refused`, or 413 for `too_large`): each says what to do. */
export const PhotoRefusal = z.enum([
  'empty',
  'too_large',
  'not_an_image',
  'unsupported_format',
  'animated',
  'too_many_pixels',
  /** A side longer than 20 000 pixels. */
  'side_too_long',
  /** One side more than 10 times the other (a 39 000 000 × 1 strip). */
  'extreme_aspect_ratio',
  'damaged',
]);
export type PhotoRefusal = z.infer<typeof PhotoRefusal>;

/** What the photo shows, per language (up to 300 characters each), for those who cannot see it. */
export const PhotoAlt = localizedInput(text({ kind: 'prose', max: 300 })).transform((alt) =>
  Object.fromEntries(Object.entries(alt).filter(([, value]) => value !== '')),
);

export const PhotoId = BigId;

/** A photo as its readers get it. The URLs are Karta's own, so every request is checked. */
export const Photo = z.object({
  id: PhotoId,
  placeId: PlaceId,
  status: PhotoStatus,
  /** The large size's pixels; the thumb has the same aspect ratio. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  urls: z.object({ thumb: z.string(), large: z.string() }),
  alt: LocalizedText,
  licence: PhotoLicence,
  /** The credit line. User text: render as text. */
  author: z.string().nullable(),
  version: Version,
  createdAt: IsoDateTime,
  /** Whether the reader uploaded it (they may edit it while pending, and delete it). */
  own: z.boolean(),
});
export type Photo = z.infer<typeof Photo>;

/**
 * The answer to an upload: the photo, and where it was taken by its EXIF, for its uploader only
 * ("taken 40 m from the pin: move the pin there?"). Never stored, never in any other answer.
 */
export const UploadedPhoto = Photo.extend({ takenAt: LatLng.nullable() });
export type UploadedPhoto = z.infer<typeof UploadedPhoto>;

export const PhotoList = z.object({ items: z.array(Photo) });
export type PhotoList = z.infer<typeof PhotoList>;

/**
 * `GET /api/v1/photos?scope=…`: `review`, the pending photos oldest first (moderators); `mine`,
 * the reader's own uploads newest first, in every state.
 */
export const PhotoListQuery = z.object({ scope: z.enum(['review', 'mine']) });
export type PhotoListQuery = z.infer<typeof PhotoListQuery>;

/** A photo with the place it shows, for the review queue and "my submissions". */
export const PhotoWithPlace = Photo.extend({
  place: z.object({ id: PlaceId, name: LocalizedText, primaryLanguage: z.string(), status: PlaceStatus }),
});
export type PhotoWithPlace = z.infer<typeof PhotoWithPlace>;

export const PhotoQueue = z.object({ items: z.array(PhotoWithPlace) });
export type PhotoQueue = z.infer<typeof PhotoQueue>;

/** `PATCH /api/v1/photos/:id`: what a photo shows, its licence and its credit line. */
export const PhotoPatch = z.object({
  version: Version,
  alt: PhotoAlt.optional(),
  licence: PhotoLicence.optional(),
  author: optionalText(200),
});
export type PhotoPatch = z.output<typeof PhotoPatch>;

/** `POST /api/v1/photos/:id/transition` (moderators). */
export const PhotoTransition = z.object({ to: z.enum(['published', 'hidden']), version: Version });
export type PhotoTransition = z.output<typeof PhotoTransition>;

/** `PUT /api/v1/places/:id/photo-order`: every photo of the place, in the new order. */
export const PhotoOrder = z.object({
  ids: z.array(PhotoId).min(1).max(64),
});
export type PhotoOrder = z.output<typeof PhotoOrder>;

/** Why a visitor reports a photo. */
export const PhotoFlagReason = z.enum(['not_this_place', 'private_person', 'offensive', 'copyright']);
export type PhotoFlagReason = z.infer<typeof PhotoFlagReason>;

/** `POST /api/v1/photos/:id/flags`. */
export const PhotoFlagInput = z.object({ reason: PhotoFlagReason, comment: optionalText(1000, 'prose') });
export type PhotoFlagInput = z.input<typeof PhotoFlagInput>;

export const PhotoIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,16}$/, 'Expected a photo id')
    .transform(Number)
    .pipe(PhotoId),
});

/** A photo file's answer: WebP bytes. */
export const PhotoFile = z.string().describe('A WebP image');
