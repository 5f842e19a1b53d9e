import { z } from 'zod';
import { Category } from './categories.ts';
import { FieldFiltersQuery } from './field-filters.ts';
import { OfflineHours } from './offline-hours.ts';
import { Place } from './places.ts';
import { Bounds, IsoDateTime, Latitude, Longitude } from './primitives.ts';
import { BboxParam, SlugListParam } from './query-params.ts';

/**
 * The most places an offline pack holds. A box with more is refused (422
 * `offline_area_too_large`, `details.max`) rather than cut, so a saved area is never silently
 * incomplete; at about 1 kB of JSON a place this keeps a pack near 20 MB before compression.
 */
export const MAX_OFFLINE_PLACES = 20_000;

/**
 * `GET /api/v1/offline-pack`: an area to save for offline use, optionally of some categories and
 * only the places passing `f.<key>` field filters (as the map's and the list's).
 */
export const OfflinePackQuery = z.object({
  bbox: BboxParam,
  category: SlugListParam.optional(),
  f: FieldFiltersQuery,
});
export type OfflinePackQuery = z.output<typeof OfflinePackQuery>;

/**
 * A place in a pack: what an anonymous visitor gets from `GET /api/v1/places/{id}` (the public,
 * possibly coarsened position). A pack is a visitor's copy whoever saves it, so the author's
 * fields are not part of it at all: the server leaves them out should a place read carry them.
 * Its `openState` is the one of when it was read; the pack's `hours` give it at later instants.
 */
export const OfflinePlace = Place.omit({ authorId: true, authorVerified: true, rejectionReason: true });
export type OfflinePlace = z.infer<typeof OfflinePlace>;

/**
 * A town or village in a pack's box, from the site's built-in address data (GeoNames), so that
 * with no network the address search still finds the towns of the saved areas.
 */
export const OfflineTown = z.object({
  name: z.string(),
  /** The county or region, which tells namesakes apart; null when unknown. */
  region: z.string().nullable(),
  lat: Latitude,
  lng: Longitude,
});
export type OfflineTown = z.infer<typeof OfflineTown>;

/** The most towns a pack holds (a box the size of Croatia holds under 800). */
export const MAX_OFFLINE_TOWNS = 5_000;

/**
 * Everything needed to show an area with no network: its published places in id order, every
 * category, as `GET /api/v1/categories` answers them, and the places' opening hours for a week.
 */
export const OfflinePack = z.object({
  /** The box as the server read it (rounded outward, like every box). */
  bbox: Bounds,
  /** When the server began reading: the pack shows the area as it was at least then. */
  savedAt: IsoDateTime,
  /**
   * `savedAt` plus 7 days (`OFFLINE_HOURS_DAYS`): the end of the week `hours` covers. After it
   * (or before `savedAt`) the pack knows no place's state, and answers no open-now question.
   */
  horizon: IsoDateTime,
  places: z.array(OfflinePlace).max(MAX_OFFLINE_PLACES),
  categories: z.array(Category),
  /**
   * The opening hours of the places that have them, grouped by the server's hours key, as the
   * server evaluates them (opening_hours.js in the site's time zone, with its public holidays)
   * from `savedAt` to `horizon`: what a place page's `openState` would say at any instant of that
   * week, and so whether the place is open then. A browser reads them with `OfflineHoursWeek`,
   * without the library. Places in no group have no hours: always `unknown`.
   */
  hours: z.array(OfflineHours),
  /** The towns and villages in the box (empty when the site's address search is off). */
  towns: z.array(OfflineTown).max(MAX_OFFLINE_TOWNS),
  /** Whose data `towns` are, to show beside them. */
  townsAttribution: z.string(),
});
export type OfflinePack = z.infer<typeof OfflinePack>;
