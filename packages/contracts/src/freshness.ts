import { z } from 'zod';
import { Place } from './places.ts';
import { Cursor, IsoDateTime } from './primitives.ts';
import { intParam } from './query-params.ts';

/**
 * `POST /api/v1/places/{id}/confirmations`: a visitor's one-tap answer to "Is it still here?",
 * with or without an account: `still: true` ("Still here") or `false` ("Not here / closed for good").
 */
export const ConfirmationInput = z.object({ still: z.boolean() });
export type ConfirmationInput = z.infer<typeof ConfirmationInput>;

export const ConfirmationReceipt = z.object({
  /** False when this client already answered for this place today: nothing changed. */
  counted: z.boolean(),
  lastConfirmedAt: IsoDateTime,
  stale: z.boolean(),
  /** Moderators have an open report on the place saying it is not there any more. */
  flagged: z.boolean(),
});
export type ConfirmationReceipt = z.infer<typeof ConfirmationReceipt>;

/** `GET /api/v1/places/needs-checking` (moderators): the "Needs checking" queue, page by page. */
export const NeedsCheckingQuery = z.object({
  limit: intParam(1, 100).optional(),
  /** Opaque cursor from the previous page's `nextCursor`. */
  cursor: Cursor.optional(),
});
export type NeedsCheckingQuery = z.output<typeof NeedsCheckingQuery>;

/** A published place to check, with its "Not here" reports since a moderator last checked it. */
export const NeedsCheckingItem = Place.extend({ notHereCount: z.number().int().min(0) });
export type NeedsCheckingItem = z.infer<typeof NeedsCheckingItem>;

/**
 * Published places with "Not here" reports (most first) or out of date (unconfirmed for
 * STALE_AFTER_DAYS, the longest first).
 */
export const NeedsCheckingList = z.object({
  items: z.array(NeedsCheckingItem),
  nextCursor: z.string().nullable(),
});
export type NeedsCheckingList = z.infer<typeof NeedsCheckingList>;
