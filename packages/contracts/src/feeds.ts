import { z } from 'zod';
import { PlaceListQuery } from './places.ts';

/**
 * `GET /api/v1/feeds/places.atom`: the place filters of `GET /api/v1/places` that say where and
 * what (`bbox`, `category`, `near` + `radius`, `covers`), the same schemas, so a feed link is the
 * list's filters as they are. Search, `openNow` and paging are the list's own.
 */
export const PlacesFeedQuery = PlaceListQuery.pick({
  bbox: true,
  category: true,
  near: true,
  radius: true,
  covers: true,
});
export type PlacesFeedQuery = z.output<typeof PlacesFeedQuery>;

/** The most entries a feed holds: the newest changes. */
export const FEED_ENTRIES = 50;

/** An Atom 1.0 document (RFC 4287), as a feed reader reads it. */
export const AtomFeed = z.string().describe('An Atom 1.0 feed (RFC 4287)');

/**
 * `GET /api/v1/feeds/review.atom?token=…`: the private feed's token, as its URL carries it. Any
 * token that is not a live one of a moderator answers 404, whatever its form, so it is not
 * checked here beyond its length.
 */
export const ReviewFeedQuery = z.object({
  token: z.string().max(200).describe('The token of the URL that `POST /api/v1/feeds/review-token` gave'),
});
export type ReviewFeedQuery = z.output<typeof ReviewFeedQuery>;

/**
 * `POST /api/v1/feeds/review-token`: the private feed's URL, with a new token in it. It is shown
 * once (only a hash of the token is kept); a new one replaces the old, which stops working.
 */
export const ReviewFeedToken = z.object({ url: z.string() });
export type ReviewFeedToken = z.infer<typeof ReviewFeedToken>;
