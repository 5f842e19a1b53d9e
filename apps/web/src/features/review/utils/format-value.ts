import type { TFunction } from 'i18next';
import { languageNameIn } from '../../../lib/i18n/locales.ts';
import type { DiffField } from './pending-changes.ts';

/** How the review screen names a category (the app passes the lookup in: categories are another feature). */
export type CategoryNameOf = (categoryId: number) => string;

/** A date and time in the UI language, e.g. "3 Mar 2025, 14:05". */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
  }).format(new Date(iso));
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
