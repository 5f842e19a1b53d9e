import type { Category, CategoryField, Extra, ExtraValue, Place } from '@karta/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../../../config/runtime-config.ts';
import { fieldLabel, filledFields, formatFieldValue } from '../../../../lib/categories/field-values.ts';
import { useCategories } from '../../../../lib/categories/get-categories.ts';

/** One filled field of a place as the reader sees it. */
export interface FieldView {
  field: CategoryField;
  value: ExtraValue;
  /** The field's label in the reader's language (with fallbacks). */
  label: string;
  /** The value as one line ("Customers only", "1", "2 m", "1 May 2026"). */
  text: string;
}

/** The words the views need in the UI language. */
export interface FieldViewWords {
  yes: string;
  no: string;
  locale: string;
  retiredOption(label: string): string;
}

/** A place's filled fields in its category's order, labelled and written for the reader. */
export function fieldViews(
  category: Pick<Category, 'fields'> | undefined,
  extra: Readonly<Extra>,
  language: string,
  words: FieldViewWords,
  fallbackLanguage?: string,
): FieldView[] {
  return filledFields(category, extra).map(({ field, value }) => ({
    field,
    value,
    label: fieldLabel(field, language, fallbackLanguage),
    text: formatFieldValue(field, value, language, words, fallbackLanguage),
  }));
}

/** A yes/no field's chip says its label alone; other values are "Label: value" and must stay short. */
const COMPACT_TYPES: ReadonlySet<CategoryField['type']> = new Set([
  'boolean',
  'enum',
  'multi_enum',
  'number',
  'integer',
  'date',
]);

/** The longest "Label: value" a compact chip holds (characters); longer ones wait for the place page. */
export const COMPACT_CHIP_CHARACTERS = 32;

/** The most chips the info window shows; the rest are counted ("+2 more on the place's page"). */
export const COMPACT_CHIP_LIMIT = 4;

/**
 * What the info window shows of a place's fields: yes/no and short values as chips, in the
 * category's order, at most {@link COMPACT_CHIP_LIMIT}; `more` counts the filled fields left for
 * the place page (text, addresses, long lists, and those past the limit).
 */
export function compactFieldViews(views: readonly FieldView[]): { shown: FieldView[]; more: number } {
  const short = views.filter(
    (view) =>
      COMPACT_TYPES.has(view.field.type) &&
      (view.field.type === 'boolean' || `${view.label}: ${view.text}`.length <= COMPACT_CHIP_CHARACTERS),
  );
  const shown = short.slice(0, COMPACT_CHIP_LIMIT);
  return { shown, more: views.length - shown.length };
}

/** A place's filled fields for the reader, from its category's definitions (none while they load). */
export function usePlaceFieldViews(place: Pick<Place, 'category' | 'extra'>): FieldView[] {
  const { t, i18n } = useTranslation();
  const { defaultLanguage } = useRuntimeConfig();
  const categories = useCategories();
  const category = categories.data?.find((candidate) => candidate.slug === place.category);
  const language = i18n.language;
  return useMemo(
    () =>
      fieldViews(
        category,
        place.extra ?? {},
        language,
        {
          yes: t('places.fields.yes'),
          no: t('places.fields.no'),
          locale: language,
          retiredOption: (label) => t('places.fields.retiredOption', { label }),
        },
        defaultLanguage,
      ),
    [category, place.extra, language, defaultLanguage, t],
  );
}
