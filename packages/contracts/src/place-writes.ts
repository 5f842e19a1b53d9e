import { z } from 'zod';
import { ExtraInput } from './category-fields.ts';
import { Phone, Website } from './contact-values.ts';
import { ErrorBody } from './errors.ts';
import { Place } from './places.ts';
import {
  CategoryId,
  characterCount,
  InputLatitude,
  InputLongitude,
  IsoDateTime,
  LocationPrivacy,
  localizedInput,
  optionalText,
  PlaceId,
  PlaceStatus,
  text,
  Version,
} from './primitives.ts';

/** A name per language: at least one language, each 1–120 characters. */
export const PlaceNames = localizedInput(
  text({ kind: 'name', min: 1, max: 120 }),
  'Give the place a name in at least one language',
);

/**
 * A description per language, 0–2 000 characters each (plain text with line breaks). An empty
 * one is dropped, so the reader's language falls back to another instead of showing nothing.
 */
export const PlaceDescriptions = localizedInput(text({ kind: 'prose', max: 2000 })).transform(
  (descriptions) => Object.fromEntries(Object.entries(descriptions).filter(([, value]) => value !== '')),
);

/**
 * The most characters of text one place holds, all fields and languages together. Each field has
 * its own bound; this one keeps a place readable (and its row small) when a deployment offers many
 * languages: 12 000 is two full descriptions and more in several further languages.
 */
export const PLACE_TEXT_MAX = 12_000;

/** Characters of text in the fields of `place` that are set (names, descriptions, contacts). */
export function placeTextLength(place: {
  name?: Record<string, string>;
  description?: Record<string, string>;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
  website?: string | null;
  extra?: Readonly<Record<string, unknown>> | null;
}): number {
  const texts = [
    ...Object.values(place.extra ?? {}).map((value) => (typeof value === 'string' ? value : null)),
    ...Object.values(place.name ?? {}),
    ...Object.values(place.description ?? {}),
    place.address,
    place.phone,
    place.email,
    place.website,
  ];
  return texts.reduce((sum: number, value) => sum + (value ? characterCount(value) : 0), 0);
}

/** Refuses a place (or the fields of an edit) whose text together exceeds {@link PLACE_TEXT_MAX}. */
export function checkPlaceText(place: Parameters<typeof placeTextLength>[0], ctx: z.RefinementCtx) {
  if (placeTextLength(place) > PLACE_TEXT_MAX) {
    ctx.addIssue({
      code: 'custom',
      path: ['description'],
      message: `A place holds at most ${PLACE_TEXT_MAX} characters of text in all`,
      params: { code: 'too_long', maximum: PLACE_TEXT_MAX },
    });
  }
}

/**
 * The fields of a proposal, without the check across them (zod cannot `omit` or `extend` a
 * refined object): `PlaceInput`, `PlacePatch` and the import's rows build on it.
 */
export const PlaceInputFields = z.object({
  categoryId: CategoryId,
  name: PlaceNames,
  description: PlaceDescriptions.optional(),
  lat: InputLatitude,
  lng: InputLongitude,
  radius: z.number().min(1).max(100_000).nullable().optional(),
  address: optionalText(200),
  phone: Phone.nullable().optional(),
  email: text({ kind: 'token', max: 254 }).pipe(z.email()).nullable().optional(),
  website: Website.nullable().optional(),
  locationPrivacy: LocationPrivacy.optional(),
  /**
   * OpenStreetMap's `opening_hours` syntax, at most 255 characters (OSM's own bound); the server
   * refuses what opening_hours.js cannot read (`invalid_opening_hours`).
   */
  openingHours: optionalText(255),
  /**
   * The values of the category's fields by key, checked by the server against the category's
   * definitions (`checkExtra`: `extra.<key>` names what is refused). In an edit it replaces the
   * place's values; `null` or an empty value clears one.
   */
  extra: ExtraInput.optional(),
});

/**
 * A host name as a URL holds it (`partner.example`, `www.grad.hr`, `127.0.0.1`): lower-case
 * letters, digits and hyphens in dot-separated labels, at most 253 characters.
 */
const HOST_NAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** What a contributor sends to propose a place (`POST /api/v1/places`). */
export const PlaceInput = PlaceInputFields.extend({
  /**
   * The site whose embedded map the proposal was started from ("Propose a place" in an embed): its
   * host name only, as the embed read it from the browser. Recorded on the place's first history
   * entry as `embed: <host>` and trusted for nothing else.
   */
  embeddedOn: z.string().regex(HOST_NAME, 'A host name, such as partner.example').optional(),
}).superRefine(checkPlaceText);
export type PlaceInput = z.output<typeof PlaceInput>;

/**
 * An edit: any fields of a proposal, and the version it was based on (a stale one gets 409). The
 * server checks the edited place's text as a whole against {@link PLACE_TEXT_MAX}.
 */
export const PlacePatch = PlaceInputFields.partial().extend({ version: Version }).superRefine(checkPlaceText);
export type PlacePatch = z.output<typeof PlacePatch>;

/** `POST /api/v1/places/:id/transition`: a move in the place's life (docs/product-rules.md §States). */
export const PlaceTransition = z.object({
  to: PlaceStatus,
  reason: optionalText(1000, 'prose'),
  version: Version,
});
export type PlaceTransition = z.output<typeof PlaceTransition>;

/**
 * A place as its author or a moderator sees it: the exact position, who wrote it and why it was
 * rejected. Everyone else only ever gets `Place` (the public, possibly coarsened position).
 */
export const OwnPlace = Place.extend({
  authorId: z.number().int().positive().nullable(),
  authorVerified: z.boolean().nullable(),
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
  /** Where a change came from when not made by hand: `import: <source name>` for a scheduled import. */
  origin: z.string().nullable().optional(),
  createdAt: IsoDateTime,
});
export type PlaceHistoryEntry = z.infer<typeof PlaceHistoryEntry>;

export const PlaceHistory = z.object({ items: z.array(PlaceHistoryEntry) });
export type PlaceHistory = z.infer<typeof PlaceHistory>;

/** The most places one batch of decisions takes. */
export const MAX_BATCH_TRANSITIONS = 100;

/**
 * `POST /api/v1/places/transitions` (moderators): one move with one reason for many places, each
 * at the version the moderator saw. Each place is decided on its own, so a stale one fails alone.
 */
export const PlaceTransitionBatch = z
  .object({
    items: z
      .array(z.object({ id: PlaceId, version: Version }).strict())
      .min(1)
      .max(MAX_BATCH_TRANSITIONS),
    to: PlaceStatus,
    reason: optionalText(1000, 'prose'),
  })
  .superRefine((batch, context) => {
    const seen = new Set<number>();
    batch.items.forEach((item, index) => {
      if (seen.has(item.id)) {
        context.addIssue({ code: 'custom', path: ['items', index, 'id'], message: 'A place is named twice' });
      }
      seen.add(item.id);
    });
  });
export type PlaceTransitionBatch = z.output<typeof PlaceTransitionBatch>;

/** One place's outcome in a batch, in the order asked: the place as it now is, or why not. */
export const PlaceTransitionOutcome = z.discriminatedUnion('ok', [
  z.object({ id: PlaceId, ok: z.literal(true), place: OwnPlace }),
  z.object({ id: PlaceId, ok: z.literal(false), error: ErrorBody.shape.error }),
]);
export type PlaceTransitionOutcome = z.infer<typeof PlaceTransitionOutcome>;

export const PlaceTransitionBatchResult = z.object({ items: z.array(PlaceTransitionOutcome) });
export type PlaceTransitionBatchResult = z.infer<typeof PlaceTransitionBatchResult>;
