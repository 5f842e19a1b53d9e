import { Category, type CategoryField, type CategoryNotes, filterTypesOf } from '@karta/contracts';
import { type AuditActor, changedOnly, recordAudit } from '../audit/record-audit.ts';
import { type Database, DatabaseError, type Queryable } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { checkTextLanguages } from '../places/place-limits.ts';
import { sameJson } from '../places/same-json.ts';
import { changeFields, checkDefinitions, type FieldsChange, type StoredFields } from './category-fields.ts';

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

const COLUMNS = 'id, slug, name, color, icon, fields, removed_fields AS "removedFields", notes';

/** How long the filterable fields are read from memory (another instance's change shows after this). */
const FILTERABLE_TTL_MS = 2000;

/** The filterable fields of every category, for reading `f.<key>` filters (see `filterable`). */
export interface FilterableCategories {
  categories: { id: number; fields: CategoryField[] }[];
}

type NewCategory = Omit<Category, 'id' | 'fields' | 'removedFields' | 'notes'> & {
  fields?: CategoryField[];
  notes?: CategoryNotes;
};
type CategoryChange = Partial<Pick<Category, 'name' | 'color' | 'icon' | 'fields' | 'notes'>>;

/** What the audit log keeps of a category: the parts a moderator sets. */
const auditedParts = ({ slug, name, color, icon, fields, notes }: Category) => ({
  slug,
  name,
  color,
  icon,
  fields,
  notes,
});

/** Categories: read by everyone, written by moderators, named in the deployment's `languages` only. */
export function createCategoryRepository(db: Database, { languages }: { languages: readonly string[] }) {
  let filterable: { at: number; reading: Promise<FilterableCategories> } | undefined;
  return {
    /**
     * Every category's id and active fields, read at most every FILTERABLE_TTL_MS (a write here
     * reads afresh): a filtered map request must not wait on the database.
     */
    filterable(): Promise<FilterableCategories> {
      if (filterable && Date.now() - filterable.at < FILTERABLE_TTL_MS) return filterable.reading;
      const reading = db
        .query<{ id: number; fields: CategoryField[] }>('SELECT id, fields FROM categories ORDER BY id')
        .then(({ rows }) => ({ categories: rows }));
      filterable = { at: Date.now(), reading };
      reading.catch(() => {
        filterable = undefined;
      });
      return reading;
    },

    /** Every category in display order. */
    async list(): Promise<Category[]> {
      const { rows } = await db.query<Category>(`SELECT ${COLUMNS} FROM categories ORDER BY sort_order, id`);
      return rows.map(asCategory);
    },

    /** A new category, shown after the existing ones. */
    async create(input: NewCategory, actor: AuditActor): Promise<Category> {
      checkTextLanguages(input, languages);
      const fields = input.fields ?? [];
      try {
        return await db.transaction(async (tx) => {
          await checkDefinitions(tx, null, fields, languages);
          const { rows } = await tx.query<Category>(
            `INSERT INTO categories (slug, name, color, icon, fields, filter_types, notes, sort_order)
             VALUES ($1, $2::jsonb, $3, $4, $5::jsonb, $6::jsonb, $7,
               (SELECT coalesce(max(sort_order), 0) + 1 FROM categories))
             RETURNING ${COLUMNS}`,
            [
              input.slug,
              JSON.stringify(input.name),
              input.color,
              input.icon,
              JSON.stringify(fields),
              JSON.stringify(filterTypesOf(fields)),
              input.notes ?? 'postmoderated',
            ],
          );
          filterable = undefined;
          const created = asCategory(rows[0]);
          await recordAudit(tx, actor, {
            action: 'category.create',
            objectId: created.id,
            after: auditedParts(created),
          });
          return created;
        });
      } catch (error) {
        if (error instanceof DatabaseError && error.code === '23505') throw new SlugTakenError(input.slug);
        throw error;
      }
    },

    /**
     * Changes name, colour, icon, notes or fields; undefined when there is no such category. New fields
     * move the values of removed ones out of sight (and back, for fields added again) in the same
     * transaction, and a change of what can be filtered on rewrites the category's places as they
     * are, so the map index and offline packs, which follow the change log, take their values anew.
     */
    async update(id: number, patch: CategoryChange, actor: AuditActor): Promise<Category | undefined> {
      checkTextLanguages(patch, languages);
      const updated = await db.transaction(async (tx) => {
        const { rows: locked } = await tx.query<
          Category & StoredFields & { filter_types: Record<string, string> }
        >(`SELECT ${COLUMNS}, filter_types FROM categories WHERE id = $1 FOR UPDATE`, [id]);
        const stored = locked[0];
        if (!stored) return undefined;
        if (patch.fields) await checkDefinitions(tx, id, patch.fields, languages);
        const change = patch.fields ? await changeFields(tx, id, stored, patch.fields) : undefined;
        const { rows } = await tx.query<Category>(
          `UPDATE categories SET name = coalesce($2::jsonb, name), color = coalesce($3, color),
             icon = coalesce($4, icon), fields = coalesce($5::jsonb, fields),
             removed_fields = coalesce($6::jsonb, removed_fields), filter_types = coalesce($7::jsonb, filter_types),
             notes = coalesce($8, notes)
           WHERE id = $1 RETURNING ${COLUMNS}`,
          [
            id,
            patch.name ? JSON.stringify(patch.name) : null,
            patch.color ?? null,
            patch.icon ?? null,
            change ? JSON.stringify(change.fields) : null,
            change ? JSON.stringify(change.removedFields) : null,
            change ? JSON.stringify(change.filterTypes) : null,
            patch.notes ?? null,
          ],
        );
        if (change) await moveValues(tx, id, change, stored.filter_types);
        const after = rows[0] && asCategory(rows[0]);
        if (after) {
          const sides = changedOnly(auditedParts(asCategory(stored)), auditedParts(after));
          await recordAudit(tx, actor, { action: 'category.update', objectId: id, ...sides });
        }
        return after;
      });
      filterable = undefined;
      return updated;
    },

    /**
     * Deletes the hidden values of a removed field from every place of the category, and the
     * field's definition with them; false when the category has no removed field `key`.
     */
    async purgeField(id: number, key: string, actor: AuditActor): Promise<boolean> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<{ removed_fields: CategoryField[] }>(
          'SELECT removed_fields FROM categories WHERE id = $1 FOR UPDATE',
          [id],
        );
        const removed = rows[0]?.removed_fields;
        if (!removed?.some((field) => field.key === key)) return false;
        await tx.query(
          'UPDATE places SET hidden_extra = hidden_extra - $2::text WHERE category_id = $1 AND hidden_extra ? $2',
          [id, key],
        );
        await tx.query('UPDATE categories SET removed_fields = $2::jsonb WHERE id = $1', [
          id,
          JSON.stringify(removed.filter((field) => field.key !== key)),
        ]);
        await recordAudit(tx, actor, {
          action: 'category.purge_field',
          objectId: id,
          before: { field: key },
        });
        return true;
      });
    },

    /** Deletes a category no place uses; false when there is none. */
    async delete(id: number, actor: AuditActor): Promise<boolean> {
      return db
        .transaction(async (tx) => {
          const { rows } = await tx.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM places WHERE category_id = $1',
            [id],
          );
          const places = rows[0]?.n ?? 0;
          if (places > 0) throw new CategoryInUseError(places);
          const { rows: deleted } = await tx.query<Category>(
            `DELETE FROM categories WHERE id = $1 RETURNING ${COLUMNS}`,
            [id],
          );
          const category = deleted[0];
          if (!category) return false;
          await recordAudit(tx, actor, {
            action: 'category.delete',
            objectId: id,
            before: auditedParts(asCategory(category)),
          });
          return true;
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

/**
 * A row as the contract's `Category`, with the definitions' keys in the contract's order: jsonb
 * stores object keys in an order of its own, and the offline pack writes categories as they come.
 */
function asCategory(row: unknown): Category {
  return Category.parse(row);
}

/**
 * Moves the values of removed fields out of sight and those of fields added back into it, and,
 * when what can be filtered on changed, rewrites the category's places as they are: one statement,
 * whose change-log rows make the map index and offline packs read their values anew.
 */
async function moveValues(
  tx: Queryable,
  categoryId: number,
  change: FieldsChange,
  filterTypesBefore: Record<string, string>,
): Promise<void> {
  const filtersChanged = !sameJson(filterTypesBefore, change.filterTypes);
  if (change.hide.length === 0 && change.show.length === 0 && !filtersChanged) return;
  await tx.query(
    `UPDATE places SET
       hidden_extra = (hidden_extra - $3::text[]) || coalesce(
         (SELECT jsonb_object_agg(e.key, e.value) FROM jsonb_each(extra) e WHERE e.key = ANY($2::text[])), '{}'),
       extra = (extra - $2::text[]) || coalesce(
         (SELECT jsonb_object_agg(e.key, e.value) FROM jsonb_each(hidden_extra) e WHERE e.key = ANY($3::text[])), '{}')
     WHERE category_id = $1 ${filtersChanged ? '' : 'AND (extra ?| $2::text[] OR hidden_extra ?| $3::text[])'}`,
    [categoryId, change.hide, change.show],
  );
}
