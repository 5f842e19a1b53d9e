import type { Category } from '@karta/contracts';
import { type Database, DatabaseError } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { checkTextLanguages } from '../places/place-limits.ts';

/** The slug is taken by another category: 409 `conflict` on `slug`. */
export class SlugTakenError extends AppError {
  constructor(readonly slug: string) {
    super('conflict', `Another category already uses the slug “${slug}”`, { path: 'slug' });
    this.name = 'SlugTakenError';
  }
}

/** The category still has places, which deleting it would orphan: 409 `conflict` with how many. */
export class CategoryInUseError extends AppError {
  constructor(readonly places: number) {
    super('conflict', 'This category still has places: move or delete them first', { places });
    this.name = 'CategoryInUseError';
  }
}

const COLUMNS = 'id, slug, name, color, icon';

/** Categories: read by everyone, written by moderators, named in the deployment's `languages` only. */
export function createCategoryRepository(db: Database, { languages }: { languages: readonly string[] }) {
  return {
    /** Every category in display order. */
    async list(): Promise<Category[]> {
      const { rows } = await db.query<Category>(`SELECT ${COLUMNS} FROM categories ORDER BY sort_order, id`);
      return rows;
    },

    /** A new category, shown after the existing ones. */
    async create(input: Omit<Category, 'id'>): Promise<Category> {
      checkTextLanguages(input, languages);
      try {
        const { rows } = await db.query<Category>(
          `INSERT INTO categories (slug, name, color, icon, sort_order)
           VALUES ($1, $2::jsonb, $3, $4, (SELECT coalesce(max(sort_order), 0) + 1 FROM categories))
           RETURNING ${COLUMNS}`,
          [input.slug, JSON.stringify(input.name), input.color, input.icon],
        );
        return rows[0] as Category;
      } catch (error) {
        if (error instanceof DatabaseError && error.code === '23505') throw new SlugTakenError(input.slug);
        throw error;
      }
    },

    /** Changes name, colour or icon; undefined when there is no such category. */
    async update(
      id: number,
      patch: Partial<Pick<Category, 'name' | 'color' | 'icon'>>,
    ): Promise<Category | undefined> {
      checkTextLanguages(patch, languages);
      const { rows } = await db.query<Category>(
        `UPDATE categories SET name = coalesce($2::jsonb, name), color = coalesce($3, color),
           icon = coalesce($4, icon)
         WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, patch.name ? JSON.stringify(patch.name) : null, patch.color ?? null, patch.icon ?? null],
      );
      return rows[0];
    },

    /** Deletes a category no place uses; false when there is none. */
    async delete(id: number): Promise<boolean> {
      return db
        .transaction(async (tx) => {
          const { rows } = await tx.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM places WHERE category_id = $1',
            [id],
          );
          const places = rows[0]?.n ?? 0;
          if (places > 0) throw new CategoryInUseError(places);
          const { rowCount } = await tx.query('DELETE FROM categories WHERE id = $1', [id]);
          return rowCount > 0;
        })
        .catch((error: unknown) => {
          // A place was added to it meanwhile: the foreign key refuses the delete.
          if (error instanceof DatabaseError && error.code === '23503') throw new CategoryInUseError(1);
          throw error;
        });
    },
  };
}

export type CategoryRepository = ReturnType<typeof createCategoryRepository>;
