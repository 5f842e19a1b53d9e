import { z } from 'zod';
import { IsoDateTime, PlaceId } from './primitives.ts';

/** How long opening a place in the review queue keeps it for its moderator, unless they decide first. */
export const PLACE_HOLD_MINUTES = 30;

/**
 * A place a moderator has open in the review queue ("Ana is reviewing"): theirs to decide until
 * they do or `until` passes; another moderator's move of it is refused (409 `place_held`).
 */
export const PlaceHold = z.object({
  placeId: PlaceId,
  holder: z.object({ id: z.number().int().positive(), displayName: z.string() }),
  until: IsoDateTime,
});
export type PlaceHold = z.infer<typeof PlaceHold>;

/** `GET /api/v1/places/holds`: every live hold, for the review queue to show who has what open. */
export const PlaceHolds = z.object({ items: z.array(PlaceHold) });
export type PlaceHolds = z.infer<typeof PlaceHolds>;
