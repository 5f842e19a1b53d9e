import { z } from 'zod';
import { Extra } from './category-fields.ts';
import { FieldFiltersQuery } from './field-filters.ts';
import { NoteEffect } from './notes.ts';
import {
  CategoryId,
  Cursor,
  IsoDateTime,
  LanguageCode,
  Latitude,
  LocalizedText,
  LocationPrivacy,
  Longitude,
  PlaceId,
  PlaceStatus,
  Slug,
  text,
} from './primitives.ts';
import {
  BboxParam,
  BooleanParam,
  intParam,
  LatLngParam,
  SlugListParam,
  StatusListParam,
} from './query-params.ts';

/**
 * Whether a place is open now (at the answer's time), by its opening hours read in the site's
 * time zone with its public holidays; `unknown` without hours or when they depend on something
 * the hours cannot know. `nextChange` is when the state changes; `until`, while open, when it
 * closes; `comment` is the rule's comment (a holiday's name, "by appointment").
 */
export const OpenState = z.object({
  state: z.enum(['open', 'closed', 'unknown']),
  nextChange: IsoDateTime.nullable(),
  until: IsoDateTime.nullable(),
  comment: z.string().nullable(),
});
export type OpenState = z.infer<typeof OpenState>;

/**
 * What a visitor reported of the place today: its newest published status note that has not
 * ended. It never changes `openState` (the hours say what they say); `closed_now` is shown beside
 * it. `authorName` only on a place whose position is exact, as on a note.
 */
export const StatusNote = z.object({
  id: z.number().int().positive(),
  text: z.string(),
  effect: NoteEffect,
  createdAt: IsoDateTime,
  expiresAt: IsoDateTime,
  authorName: z.string().nullable(),
});
export type StatusNote = z.infer<typeof StatusNote>;

/** A place as the API shows it. Names and descriptions carry every language the place has. */
export const Place = z.object({
  id: PlaceId,
  externalId: z.string().nullable(),
  name: LocalizedText,
  description: LocalizedText,
  /** The language the place was first written in: the fallback for names and descriptions. */
  primaryLanguage: LanguageCode,
  categoryId: CategoryId,
  /** Category slug. */
  category: Slug,
  lat: Latitude,
  lng: Longitude,
  /** Metres (1–100 000), or null. */
  radius: z.number().positive().max(100_000).nullable(),
  locationPrivacy: LocationPrivacy,
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  /** OpenStreetMap's `opening_hours` syntax (`Mo-Fr 08:00-16:00; PH off`), or null. */
  openingHours: z.string().nullable(),
  openState: OpenState,
  /**
   * The values of the category's fields, by key (see `CategoryField`); `{}` when none is filled
   * (and when absent: an answer saved by the browser before fields existed).
   */
  extra: Extra.default({}),
  /**
   * When someone last said the place is still there: a visitor's "Still here", a moderator's check,
   * edit or publication.
   */
  lastConfirmedAt: IsoDateTime,
  /** Not confirmed for the site's STALE_AFTER_DAYS: shown as "May be out of date". */
  stale: z.boolean(),
  status: PlaceStatus,
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  publishedAt: IsoDateTime.nullable(),
  version: z.number().int().positive(),
  /**
   * The place's current status note (null: none), read fresh with every answer from the server;
   * absent where the answer was not (a saved area's copy offline, an export).
   */
  statusNote: StatusNote.nullable().optional(),
  /** Whether the place's category takes notes (its `notes` setting is not `off`); absent as above. */
  notesAllowed: z.boolean().optional(),
  /** Present only for the place's author and moderators (who also get the exact position). */
  authorId: z.number().int().positive().nullable().optional(),
  /**
   * Whether the author has proven their e-mail address (only with `authorId`; null without an
   * author). A proposal of an unproven address waits in the queue marked so (while mail is on).
   */
  authorVerified: z.boolean().nullable().optional(),
  /** Why a moderator rejected it; present only for the author and moderators. */
  rejectionReason: z.string().nullable().optional(),
});
export type Place = z.infer<typeof Place>;

/** A place in a list, with its distance in metres from the list's origin (null without one). */
export const PlaceListItem = Place.extend({ distance: z.number().min(0).nullable() });
export type PlaceListItem = z.infer<typeof PlaceListItem>;

/** Search text: a one-line name's characters, at most 100, at least one letter or digit. */
export const SearchText = text({ kind: 'name', min: 1, max: 100 }).refine(
  (value) => /[\p{L}\p{N}]/u.test(value),
  {
    message: 'Expected a letter or a digit',
  },
);

/**
 * `GET /api/v1/places`: places in a box, nearest to `origin` first, page by page. Published ones
 * unless `status` says otherwise; a reader only ever gets the places they may see (their own and,
 * for moderators, all).
 */
export const PlaceListQuery = z.object({
  /** Comma-separated statuses (default `published`, or every status with `mine`). */
  status: StatusListParam.optional(),
  /** `true`: only the signed-in user's own places (401 when signed out). */
  mine: BooleanParam.optional(),
  /** Without an origin or box: `oldest` first (the default, a queue's order) or `newest` first. */
  order: z.enum(['oldest', 'newest']).optional(),
  bbox: BboxParam.optional(),
  category: SlugListParam.optional(),
  /** `lat,lng`: the list is sorted by distance from this point (default: the box's centre). */
  origin: LatLngParam.optional(),
  limit: intParam(1, 100).optional(),
  /** Opaque cursor from the previous page's `nextCursor`. */
  cursor: Cursor.optional(),
  /**
   * Search names, descriptions and addresses in every language, ignoring case and diacritics
   * (`zeljeznicki` finds "Željeznički"); every word must occur. Name matches come first (a name
   * or a word of it beginning with the query, then a name holding every word), then the rest;
   * ties nearest to the origin first, else by id.
   */
  q: SearchText.optional(),
  /** `lat,lng`: only places within `radius` metres of this point, nearest first (it is the origin). */
  near: LatLngParam.optional(),
  /** Metres around `near` (1–50 000; the UI offers {@link NEAR_RADII}). Only with `near`. */
  radius: intParam(1, 50_000).optional(),
  /** `lat,lng`: only places whose own radius covers this point, nearest first (it is the origin). */
  covers: LatLngParam.optional(),
  /**
   * `true`: only places open now by their opening hours (places without hours, or whose hours
   * depend on what cannot be known, are not open).
   */
  openNow: BooleanParam.optional(),
  /** An ISO time with its offset: only places open then, for planning (not with `openNow`). */
  openAt: IsoDateTime.optional(),
  /** `true`: only places out of date (unconfirmed for STALE_AFTER_DAYS); `false`: only the others. */
  stale: BooleanParam.optional(),
  f: FieldFiltersQuery,
});
export type PlaceListQuery = z.output<typeof PlaceListQuery>;

/** The radii (metres) the "near me" view offers. */
export const NEAR_RADII = [250, 500, 1000, 2000, 5000, 10_000] as const;

/** A list counts its matches up to this many, so a count never costs more than reading this many rows. */
export const LIST_COUNT_BOUND = 1000;

export const PlaceList = z.object({
  items: z.array(PlaceListItem),
  /**
   * How many places match in all, across pages, counted up to {@link LIST_COUNT_BOUND}: exact
   * below it; at it, `totalIsLowerBound` is true and there are at least that many ("1 000+").
   */
  total: z.number().int().min(0),
  /** `true`: more places match than were counted, and `total` is the bound. */
  totalIsLowerBound: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type PlaceList = z.infer<typeof PlaceList>;

export const PlaceIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,16}$/, 'Expected a place id')
    .transform(Number)
    .pipe(PlaceId),
});

/**
 * `GET /api/v1/places/suggestions`: a few published places for a search box as the user types.
 * Places whose name, or a word of it, begins with `q` come first (a name beginning with it before
 * a word), nearest to `origin` first; when there are fewer, the best other matches of `q` follow.
 * No total and no pages, so it stays fast on the shortest, commonest prefixes.
 */
export const PlaceSuggestionsQuery = z.object({
  q: SearchText,
  origin: LatLngParam.optional(),
  category: SlugListParam.optional(),
  limit: intParam(1, 10).optional(),
  f: FieldFiltersQuery,
});
export type PlaceSuggestionsQuery = z.output<typeof PlaceSuggestionsQuery>;

export const PlaceSuggestions = z.object({ items: z.array(PlaceListItem) });
export type PlaceSuggestions = z.infer<typeof PlaceSuggestions>;

/** `GET /api/v1/places/similar`: published places near a point with a name like the one given. */
export const SimilarPlacesQuery = z.object({
  /** `lat,lng` of the place being proposed. */
  near: LatLngParam,
  name: text({ kind: 'name', min: 1, max: 120 }),
  /** The place being edited, which is not its own duplicate. */
  exclude: intParam(1, Number.MAX_SAFE_INTEGER).optional(),
});
export type SimilarPlacesQuery = z.output<typeof SimilarPlacesQuery>;

export const SimilarPlaces = z.object({ items: z.array(PlaceListItem) });
export type SimilarPlaces = z.infer<typeof SimilarPlaces>;
