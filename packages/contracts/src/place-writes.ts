import { z } from 'zod';
import { Place } from './places.ts';
import {
  IsoDateTime,
  LanguageCode,
  Latitude,
  LocationPrivacy,
  Longitude,
  optionalText,
  PlaceId,
  PlaceStatus,
  safeText,
} from './primitives.ts';

/** Trimmed text of 1–`max` characters (a name must say something). */
const requiredText = (max: number) =>
  safeText(max + 200)
    .transform((value) => value.trim())
    .pipe(z.string().min(1).max(max));

/** A name per language: at least one language, each 1–120 characters. */
export const PlaceNames = z
  .record(LanguageCode, requiredText(120))
  .refine((names) => Object.keys(names).length > 0, {
    message: 'Give the place a name in at least one language',
  });

/**
 * A description per language, 0–2 000 characters each (plain text with line breaks). An empty
 * one is dropped, so the reader's language falls back to another instead of showing nothing.
 */
export const PlaceDescriptions = z
  .record(
    LanguageCode,
    safeText(2200)
      .transform((value) => value.trim())
      .pipe(z.string().max(2000)),
  )
  .transform((descriptions) =>
    Object.fromEntries(Object.entries(descriptions).filter(([, text]) => text !== '')),
  );

const Phone = safeText(60)
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .max(40)
      .regex(/^\+?[0-9 ()./-]{3,40}$/, 'Expected a phone number'),
  )
  .transform((value) => (value === '' ? null : value));
const Website = safeText(600)
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .max(500)
      .refine((value) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), {
        message: 'Expected an http(s) address',
      }),
  );

/** What a contributor sends to propose a place (`POST /api/v1/places`). */
export const PlaceInput = z.object({
  categoryId: z.number().int().positive(),
  name: PlaceNames,
  description: PlaceDescriptions.optional(),
  lat: Latitude,
  lng: Longitude,
  radius: z.number().min(1).max(100_000).nullable().optional(),
  address: optionalText(200),
  phone: Phone.nullable().optional(),
  email: z.email().max(254).nullable().optional(),
  website: Website.nullable().optional(),
  locationPrivacy: LocationPrivacy.optional(),
});
export type PlaceInput = z.output<typeof PlaceInput>;

/** An edit: any fields of a proposal, and the version it was based on (a stale one gets 409). */
export const PlacePatch = PlaceInput.partial().extend({ version: z.number().int().positive() });
export type PlacePatch = z.output<typeof PlacePatch>;

/** `POST /api/v1/places/:id/transition`: a move in the place's life (PRODUCT.md §4). */
export const PlaceTransition = z.object({
  to: PlaceStatus,
  reason: optionalText(1000),
  version: z.number().int().positive(),
});
export type PlaceTransition = z.output<typeof PlaceTransition>;

/**
 * A place as its author or a moderator sees it: the exact position, who wrote it and why it was
 * rejected. Everyone else only ever gets `Place` (the public, possibly coarsened position).
 */
export const OwnPlace = Place.extend({
  authorId: z.number().int().positive().nullable(),
  rejectionReason: z.string().nullable(),
});
export type OwnPlace = z.infer<typeof OwnPlace>;

/** One change in a place's history: who, when, what changed (field → from, to). */
export const PlaceHistoryEntry = z.object({
  id: z.number().int().positive(),
  placeId: PlaceId,
  version: z.number().int().positive(),
  action: z.string(),
  actor: z.object({ id: z.number().int().positive(), displayName: z.string() }).nullable(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  createdAt: IsoDateTime,
});
export type PlaceHistoryEntry = z.infer<typeof PlaceHistoryEntry>;

export const PlaceHistory = z.object({ items: z.array(PlaceHistoryEntry) });
export type PlaceHistory = z.infer<typeof PlaceHistory>;
