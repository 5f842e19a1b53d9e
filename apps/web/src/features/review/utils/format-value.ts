import type { Category, CategoryField } from '@karta/contracts';
import type { TFunction } from 'i18next';
import {
  fieldLabel,
  fieldOf,
  fitsField,
  formatFieldValue as formatCategoryFieldValue,
} from '../../../lib/categories/field-values.ts';
import { languageNameIn } from '../../../lib/i18n/locales.ts';
import type { DiffField } from './pending-changes.ts';

/** How the review screen names a category (the app passes the lookup in: categories are another feature). */
export type CategoryNameOf = (categoryId: number) => string;

/** A place's category as far as its own fields go, shown and removed (undefined while not known). */
export type FieldsOfCategory = Pick<Category, 'fields' | 'removedFields'> | undefined;

/** A date and time in the UI language, e.g. "3 Mar 2025, 14:05". */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** A time of today in the UI language ("14:32"): until when a hold lasts. */
export function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { timeStyle: 'short', hourCycle: 'h23' }).format(new Date(iso));
}

/**
 * A field's value as a reader checks it: text as it is (rendered as text by the caller), numbers in
 * the UI language, the category by its name, the privacy level in words, a language by its name
 * in the UI language ("Croatian", not "hr"); null for "nothing".
 */
export function formatFieldValue(
  field: DiffField,
  value: unknown,
  t: TFunction,
  language: string,
  categoryNameOf: CategoryNameOf,
): string | null {
  if (value === null || value === undefined || value === '') return null;
  switch (field) {
    case 'categoryId':
      return typeof value === 'number' ? categoryNameOf(value) : String(value);
    case 'lat':
    case 'lng':
      return typeof value === 'number'
        ? new Intl.NumberFormat(language, { maximumFractionDigits: 6 }).format(value)
        : String(value);
    case 'radius':
      return typeof value === 'number'
        ? new Intl.NumberFormat(language, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }).format(
            value,
          )
        : String(value);
    case 'primaryLanguage':
      return typeof value === 'string' ? languageNameIn(value, language) : String(value);
    case 'locationPrivacy':
      return value === 'exact' || value === '100m' || value === '1km'
        ? t(`review.privacy.${value}`)
        : String(value);
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

/** A category field's label in the reader's language, or its key when the category no longer knows it. */
export function extraLabel(
  category: FieldsOfCategory,
  key: string,
  language: string,
  fallbackLanguage?: string,
): string {
  const field = fieldOf(category, key);
  return field ? fieldLabel(field, language, fallbackLanguage) : key;
}

/** A value of a field the category no longer knows, as stored: text as it is, lists joined. */
function rawValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * A value of one of the category's own fields as a reader checks it ("yes", "Customers only",
 * "Croatian, English", "2 m"), with a retired option named as no longer offered; as stored for a
 * key the category no longer knows (or a value that no longer fits its field's type); null for
 * "nothing".
 */
export function formatExtraValue(
  field: CategoryField | undefined,
  value: unknown,
  t: TFunction,
  language: string,
  fallbackLanguage?: string,
): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value) && value.length === 0) return null;
  if (!field || !fitsField(field, value)) return rawValue(value);
  return formatCategoryFieldValue(
    field,
    value,
    language,
    {
      yes: t('review.values.yes'),
      no: t('review.values.no'),
      locale: language,
      retiredOption: (label) => t('review.values.retiredOption', { label }),
    },
    fallbackLanguage,
  );
}
