import { z } from 'zod';
import { EmailAddress, ResetToken } from './auth.ts';
import { BigId } from './numbers.ts';
import { Bounds, IsoDateTime, LanguageCode, LatLng, Slug } from './primitives.ts';

/** At most this many follows per e-mail address, confirmed or not. */
export const MAX_FOLLOWS_PER_ADDRESS = 20;

export const FollowFrequency = z.enum(['daily', 'weekly']);
export type FollowFrequency = z.infer<typeof FollowFrequency>;

/**
 * `POST /api/v1/follows`: follow an area (`bbox`: places added, changed or archived in it) or a
 * spot (`point`: places that start or stop serving it, by the covers rule), optionally only some
 * categories, by e-mail. Nothing but a confirmation is sent until its link is followed.
 */
export const FollowInput = z
  .object({
    email: EmailAddress,
    bbox: Bounds.refine((box) => box.south <= box.north, {
      message: 'south must not be greater than north',
    }).optional(),
    point: LatLng.optional(),
    categories: z.array(Slug.max(40)).min(1).max(50).optional(),
    frequency: FollowFrequency,
    /** Also an e-mail at once when a place there is reported closed today (default: digests only). */
    alerts: z.boolean().optional(),
    /** The language of the e-mails (the interface's, when the follow is made). */
    language: LanguageCode.optional(),
  })
  .refine((input) => (input.bbox === undefined) !== (input.point === undefined), {
    message: 'Give either an area (bbox) or a spot (point)',
    path: ['bbox'],
  });
export type FollowInput = z.input<typeof FollowInput>;

/** One follow, as the management page lists it. */
export const Follow = z.object({
  id: BigId,
  kind: z.enum(['area', 'spot']),
  bbox: Bounds.nullable(),
  point: LatLng.nullable(),
  categories: z.array(z.string()).nullable(),
  frequency: FollowFrequency,
  /** Whether a place there reported closed today is e-mailed at once. */
  alerts: z.boolean(),
  /** Whether the confirmation link was followed (only then are digests sent). */
  confirmed: z.boolean(),
  createdAt: IsoDateTime,
});
export type Follow = z.infer<typeof Follow>;

export const FollowList = z.object({ items: z.array(Follow) });
export type FollowList = z.infer<typeof FollowList>;

/** `POST /api/v1/follows/confirm`: the token of the confirmation e-mail's link. */
export const FollowConfirmation = z.object({ token: ResetToken });
export type FollowConfirmation = z.input<typeof FollowConfirmation>;

/** The token of a "manage your follows" link, in the query of the management endpoints. */
export const FollowManageQuery = z.object({ token: ResetToken });
export type FollowManageQuery = z.input<typeof FollowManageQuery>;

export const FollowIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,16}$/, 'Expected a follow id')
    .transform(Number)
    .pipe(BigId),
});
