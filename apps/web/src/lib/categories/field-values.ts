import type { Category, CategoryField, Extra, ExtraValue } from '@karta/contracts';
import { localizeText } from '../i18n/localize-text.ts';

/**
 * How the UI names a category's fields and shows their values: one reading for the place page,
 * the info window, the review diff, the history and the filter panel, so "Access: Customers only"
 * reads the same everywhere. Labels fall back like category names: the reader's language, then
 * the site's first, then any.
 */

/** A field's label in `language`, else `fallbackLanguage`'s, else any; the key when none. */
export function fieldLabel(
  field: Pick<CategoryField, 'key' | 'label'>,
  language: string,
  fallbackLanguage?: string,
) {
  return localizeText(field.label, language, fallbackLanguage) || field.key;
}

/** One chosen option as the reader sees it: its label, and whether it is no longer offered. */
export interface OptionView {
  value: string;
  label: string;
  retired: boolean;
}

/** An option's label (the stored value itself for one the field does not know). */
export function optionView(
  field: Pick<CategoryField, 'options'>,
  value: string,
  language: string,
  fallbackLanguage?: string,
): OptionView {
  const option = field.options?.find((candidate) => candidate.value === value);
  return {
    value,
    label: option ? localizeText(option.label, language, fallbackLanguage) || value : value,
    retired: option?.retired === true,
  };
}

/** Words the caller gives in the UI language (`t('…')`), so this module needs no i18n of its own. */
export interface ValueWords {
  yes: string;
  no: string;
  /** Numbers and dates are written in this locale (the UI language). */
  locale: string;
  /**
   * How a chosen option the field no longer offers is named ("Private (no longer offered)"); its
   * label alone when absent.
   */
  retiredOption?(label: string): string;
}

/** A value as one line of text: "yes", "Customers only", "Croatian, English", "2 m", "1 May 2026". */
export function formatFieldValue(
  field: CategoryField,
  value: ExtraValue,
  language: string,
  words: ValueWords,
  fallbackLanguage?: string,
): string {
  switch (field.type) {
    case 'boolean':
      return value === true ? words.yes : words.no;
    case 'enum':
    case 'multi_enum':
      return (Array.isArray(value) ? value : [String(value)])
        .map((option) => {
          const view = optionView(field, option, language, fallbackLanguage);
          return view.retired && words.retiredOption ? words.retiredOption(view.label) : view.label;
        })
        .join(', ');
    case 'number':
    case 'integer': {
      const number = new Intl.NumberFormat(words.locale).format(Number(value));
      return field.unit ? `${number} ${field.unit}` : number;
    }
    case 'date':
      return new Intl.DateTimeFormat(words.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${String(value)}T00:00:00Z`),
      );
    default:
      return String(value);
  }
}

/**
 * Whether `value` is of the kind `field`'s type holds (a value kept from before a change of type
 * is not): yes/no a boolean, numbers a number, a choice one option, several a list of them, the
 * rest text.
 */
export function fitsField(field: Pick<CategoryField, 'type'>, value: unknown): value is ExtraValue {
  switch (field.type) {
    case 'boolean':
      return typeof value === 'boolean';
    case 'number':
    case 'integer':
      return typeof value === 'number' && Number.isFinite(value);
    case 'multi_enum':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    default:
      return typeof value === 'string';
  }
}

/** The filled fields of a place, in the category's order (values of unknown keys are left out). */
export function filledFields(
  category: Pick<Category, 'fields'> | undefined,
  extra: Readonly<Extra>,
): { field: CategoryField; value: ExtraValue }[] {
  return (category?.fields ?? []).flatMap((field) => {
    const value = extra[field.key];
    return value === undefined ? [] : [{ field, value }];
  });
}

/** The field of `key` among a category's fields and removed fields (for history of a removed one). */
export function fieldOf(category: Pick<Category, 'fields' | 'removedFields'> | undefined, key: string) {
  // Either list may be missing from an answer saved before categories had fields.
  return (
    category?.fields?.find((field) => field.key === key) ??
    category?.removedFields?.find((field) => field.key === key)
  );
}
