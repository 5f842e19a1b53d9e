import { z } from 'zod';
import { PhotoFlagReason, PhotoId } from './photos.ts';
import { BigId, IsoDateTime, LocalizedText, optionalText, PlaceId, PlaceStatus } from './primitives.ts';

/** Why a visitor reports a place (docs/product-rules.md §Reports). */
export const FlagReason = z.enum(['does_not_exist', 'wrong_information', 'duplicate', 'inappropriate']);
export type FlagReason = z.infer<typeof FlagReason>;

/** `POST /api/v1/places/:id/flags`. */
export const FlagInput = z.object({ reason: FlagReason, comment: optionalText(1000, 'prose') });
export type FlagInput = z.input<typeof FlagInput>;

/**
 * Why a visitor reports a note: advertising or nonsense, insults, untrue, or it names or shows a
 * private person.
 */
export const NoteFlagReason = z.enum(['spam', 'offensive', 'wrong_information', 'private_person']);
export type NoteFlagReason = z.infer<typeof NoteFlagReason>;

/** `POST /api/v1/notes/:id/flags`. */
export const NoteFlagInput = z.object({ reason: NoteFlagReason, comment: optionalText(1000, 'prose') });
export type NoteFlagInput = z.input<typeof NoteFlagInput>;

/**
 * `POST /api/v1/flags/:id/resolve`: what the moderator did about it. `fixed` on a report of a note
 * hides the note (the note's text says why, else the report's reason).
 */
export const FlagResolution = z.object({
  resolution: z.enum(['fixed', 'dismissed']),
  note: optionalText(1000, 'prose'),
});
export type FlagResolution = z.input<typeof FlagResolution>;

/** A flag as the reporter gets it back: what was received. */
export const FlagReceipt = z.object({
  id: z.number().int().positive(),
  placeId: PlaceId,
  /** The photo reported, for a report on a photo of the place; null for one on the place. */
  photoId: PhotoId.nullable(),
  /** The note reported, for a report on a note of the place; null otherwise. */
  noteId: BigId.nullable().default(null),
  reason: z.union([FlagReason, PhotoFlagReason, NoteFlagReason]),
  status: z.enum(['open', 'resolved']),
  createdAt: IsoDateTime,
});
export type FlagReceipt = z.infer<typeof FlagReceipt>;

/** A flag as moderators see it, with the place it is about. */
export const Flag = FlagReceipt.extend({
  comment: z.string().nullable(),
  place: z.object({ id: PlaceId, name: LocalizedText, primaryLanguage: z.string(), status: PlaceStatus }),
  /** The note reported, as it reads, and whether it is still shown. User text: render as text. */
  note: z
    .object({ id: BigId, text: z.string(), state: z.enum(['unconfirmed', 'pending', 'published', 'hidden']) })
    .nullable()
    .default(null),
  /** Null for a visitor who was not signed in. User text: render as text. */
  reporter: z.object({ id: z.number().int().positive(), displayName: z.string() }).nullable(),
  resolution: z.enum(['fixed', 'dismissed']).nullable(),
  resolutionNote: z.string().nullable(),
  resolvedBy: z.object({ id: z.number().int().positive(), displayName: z.string() }).nullable(),
  resolvedAt: IsoDateTime.nullable(),
});
export type Flag = z.infer<typeof Flag>;

/** `GET /api/v1/flags?status=open|resolved`. */
export const FlagListQuery = z.object({ status: z.enum(['open', 'resolved']).optional() });
export const FlagList = z.object({ items: z.array(Flag) });
export type FlagList = z.infer<typeof FlagList>;

export const FlagIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,16}$/, 'Expected a flag id')
    .transform(Number)
    .pipe(BigId),
});
