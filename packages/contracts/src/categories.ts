import { z } from 'zod';
import { LocalizedText, Slug } from './primitives.ts';

export const Category = z.object({
  id: z.number().int().positive(),
  slug: Slug,
  name: LocalizedText,
  /** `#rrggbb` from the palette. */
  color: z.string().regex(/^#[0-9a-f]{6}$/i),
  icon: z.string(),
});
export type Category = z.infer<typeof Category>;

export const CategoryList = z.object({ items: z.array(Category) });
export type CategoryList = z.infer<typeof CategoryList>;
