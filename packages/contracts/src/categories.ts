import { z } from 'zod';
import { CategoryField, CategoryFields, FieldKey } from './category-fields.ts';
import { CategoryId, LocalizedText, localizedInput, Slug, text } from './primitives.ts';

/** Marker colours: each carries white text and icons at WCAG AA contrast (≥ 4.5:1). */
export const CATEGORY_PALETTE = [
  '#15803d',
  '#0369a1',
  '#b91c1c',
  '#6d28d9',
  '#c2410c',
  '#a16207',
  '#4338ca',
  '#0f766e',
  '#be185d',
  '#475569',
] as const;

/** Icon names (Lucide's) a category may use. */
export const CATEGORY_ICONS = [
  'map-pin',
  'pill',
  'droplet',
  'heart-pulse',
  'house',
  'wrench',
  'shopping-basket',
  'book-open',
  'recycle',
  'bike',
  'toilet',
  'utensils',
  'bed',
  'shirt',
  'phone',
  'wifi',
  'battery-charging',
  'tree',
] as const;

/**
 * Whether a category's places take notes (see `Note`), and how they are published: `off`;
 * `premoderated`, each note after a moderator's look; `postmoderated`, at once, a moderator
 * looking afterwards (an author's first note always waits).
 */
export const CategoryNotes = z.enum(['off', 'premoderated', 'postmoderated']);
export type CategoryNotes = z.infer<typeof CategoryNotes>;

export const Category = z.object({
  id: CategoryId,
  slug: Slug,
  name: LocalizedText,
  /** `#rrggbb` from the palette. */
  color: z.string().regex(/^#[0-9a-f]{6}$/i),
  icon: z.string(),
  /**
   * What places of this kind say beyond every place's fields, in display order (see
   * `CategoryField`). Empty when absent: an answer saved by the browser before fields existed.
   */
  fields: z.array(CategoryField).default([]),
  /**
   * Fields taken out of `fields` whose values places may still hold, hidden until an admin purges
   * them; adding one back (same key and type) shows its values again.
   */
  removedFields: z.array(CategoryField).default([]),
  /** Notes on its places (default `postmoderated`, also for an answer saved before notes existed). */
  notes: CategoryNotes.default('postmoderated'),
});
export type Category = z.infer<typeof Category>;

export const CategoryList = z.object({ items: z.array(Category) });
export type CategoryList = z.infer<typeof CategoryList>;

/** A category's name per language: at least one, each 1–60 characters. */
const CategoryNames = localizedInput(
  text({ kind: 'name', min: 1, max: 60 }),
  'Give the category a name in at least one language',
);

/** `POST /api/v1/categories`. The slug is the category's name in links, so it never changes. */
export const CategoryInput = z.object({
  slug: Slug.max(40),
  name: CategoryNames,
  color: z.enum(CATEGORY_PALETTE),
  icon: z.enum(CATEGORY_ICONS),
  /** The category's fields in display order (none by default). */
  fields: CategoryFields.optional(),
  /** Notes on its places (default `postmoderated`). */
  notes: CategoryNotes.optional(),
});
export type CategoryInput = z.input<typeof CategoryInput>;

/**
 * `PATCH /api/v1/categories/:id`: name, colour, icon, notes, or `fields`, which replaces the list (a field
 * left out is removed: hidden, its values kept; see `Category.removedFields`).
 */
export const CategoryPatch = CategoryInput.omit({ slug: true })
  .partial()
  .extend({ fields: CategoryFields.optional() });
export type CategoryPatch = z.input<typeof CategoryPatch>;

export const CategoryIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, 'Expected a category id')
    .transform(Number)
    .pipe(CategoryId),
});

/** `POST /api/v1/categories/:id/purge-field`: the removed field whose hidden values go for good. */
export const PurgeFieldInput = z.object({ key: FieldKey });
