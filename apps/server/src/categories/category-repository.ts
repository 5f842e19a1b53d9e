import type { Category } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';

/** Reads categories; writes arrive with category management in a later issue. */
export function createCategoryRepository(db: Queryable) {
  return {
    /** Every category in display order. */
    async list(): Promise<Category[]> {
      const { rows } = await db.query<Category>(
        'SELECT id, slug, name, color, icon FROM categories ORDER BY sort_order, id',
      );
      return rows;
    },
  };
}

export type CategoryRepository = ReturnType<typeof createCategoryRepository>;
