import { Category, type CategoryField, type Extra } from '@karta/contracts';
import type { Queryable } from '../../src/db/database.ts';
import { postJson, type signedInUser } from './auth.ts';
import type { TestApp } from './test-app.ts';

/**
 * A category field of every type, for the tests of files and values: a choice with an option that
 * `retireOption` retires later, yes/no, whole and decimal numbers with bounds, several options,
 * a date, free texts, an address and a phone number.
 */
export const EVERY_TYPE_FIELDS: CategoryField[] = [
  {
    key: 'access',
    type: 'enum',
    label: { en: 'Access', hr: 'Pristup' },
    osmKey: 'access',
    filterable: true,
    options: [
      { value: 'yes', label: { en: 'Public' } },
      { value: 'customers', label: { en: 'Customers only' } },
      { value: 'old', label: { en: 'Old rule' } },
    ],
  },
  { key: 'indoor', type: 'boolean', label: { en: 'Indoor', hr: 'U zatvorenom' }, filterable: true },
  { key: 'level', type: 'integer', label: { en: 'Floor' }, min: -5, max: 60, filterable: true },
  { key: 'weight', type: 'number', label: { en: 'Weight' }, unit: 'kg' },
  {
    key: 'languages',
    type: 'multi_enum',
    label: { en: 'Languages spoken' },
    filterable: true,
    options: [
      { value: 'hr', label: { en: 'Croatian' } },
      { value: 'en', label: { en: 'English' } },
      { value: 'uk', label: { en: 'Ukrainian' } },
    ],
  },
  { key: 'checked_on', type: 'date', label: { en: 'Checked on' }, filterable: true },
  { key: 'note', type: 'text', label: { en: 'Note' } },
  { key: 'directions', type: 'longtext', label: { en: 'Directions' } },
  { key: 'manual', type: 'url', label: { en: 'Manual' } },
  { key: 'hotline', type: 'phone', label: { en: 'Hotline' } },
];

/** The fields with `access`'s option `old` retired: places that have it keep it. */
export const retireOption = (fields: readonly CategoryField[]): CategoryField[] =>
  fields.map((field) =>
    field.key === 'access'
      ? {
          ...field,
          options: field.options?.map((option) =>
            option.value === 'old' ? { ...option, retired: true } : option,
          ),
        }
      : field,
  );

/** A category made through the API (so its fields pass the definitions' checks); returns its id. */
export async function createCategory(
  t: TestApp,
  moderator: Awaited<ReturnType<typeof signedInUser>>,
  slug: string,
  fields: readonly CategoryField[],
): Promise<number> {
  const response = await postJson(
    t.app,
    '/api/v1/categories',
    { slug, name: { en: slug }, color: '#15803d', icon: 'heart-pulse', fields },
    { headers: moderator.headers },
  );
  if (response.statusCode !== 201) throw new Error(`category ${slug}: ${response.body}`);
  return Category.parse(response.json()).id;
}

/** Replaces a category's fields through the API (`PATCH`), as its manager would. */
export async function setFields(
  t: TestApp,
  moderator: Awaited<ReturnType<typeof signedInUser>>,
  id: number,
  fields: readonly CategoryField[],
): Promise<void> {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/v1/categories/${id}`,
    headers: { 'content-type': 'application/json', ...moderator.headers },
    payload: { fields } as object,
  });
  if (response.statusCode !== 200) throw new Error(`fields of ${id}: ${response.body}`);
}

/** Gives a fixture place its values (and hidden ones) straight in the database. */
export async function setExtra(db: Queryable, id: number, extra: Extra, hidden: Extra = {}): Promise<void> {
  await db.query('UPDATE places SET extra = $2::jsonb, hidden_extra = $3::jsonb WHERE id = $1', [
    id,
    JSON.stringify(extra),
    JSON.stringify(hidden),
  ]);
}
