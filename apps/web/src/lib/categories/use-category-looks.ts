import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeText } from '../i18n/localize-text.ts';
import { useCategories } from './get-categories.ts';

/** A category as the UI shows it: its name in the current language and its colour. */
export interface CategoryView {
  slug: string;
  name: string;
  color: string;
}

/** Neutral gray for a place whose category is unknown (e.g. deleted since the page loaded). */
const UNKNOWN_COLOR = '#4b5563';

/**
 * Categories in the current language, and a lookup by slug that never fails (unknown slugs get a
 * neutral look), for markers, the list and the info window.
 */
export function useCategoryLooks(fallbackLanguage: string) {
  const { t, i18n } = useTranslation();
  const query = useCategories();
  const language = i18n.language;

  const categories = useMemo<CategoryView[]>(
    () =>
      (query.data ?? []).map((category) => ({
        slug: category.slug,
        name: localizeText(category.name, language, fallbackLanguage) || category.slug,
        color: category.color,
      })),
    [query.data, language, fallbackLanguage],
  );

  const bySlug = useMemo(
    () => new Map(categories.map((category) => [category.slug, category])),
    [categories],
  );
  const unknownName = t('categories.unknown');
  const lookOf = useCallback(
    (slug: string): CategoryView => bySlug.get(slug) ?? { slug, name: unknownName, color: UNKNOWN_COLOR },
    [bySlug, unknownName],
  );

  return { categories, lookOf, status: query.status, error: query.error, refetch: query.refetch };
}
