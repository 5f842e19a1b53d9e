import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { useCategories } from '../../../lib/categories/get-categories.ts';
import { localizeText } from '../../../lib/i18n/localize-text.ts';

/**
 * The categories to choose from, named in the reader's language and sorted by name, each with its
 * fields; and a lookup by id.
 */
export function useCategoryOptions() {
  const { i18n } = useTranslation();
  const config = useRuntimeConfig();
  const query = useCategories();
  const language = i18n.language;
  const options = useMemo(
    () =>
      (query.data ?? [])
        .map((category) => ({
          id: category.id,
          name: localizeText(category.name, language, config.defaultLanguage) || category.slug,
          fields: category.fields,
        }))
        .sort((a, b) => a.name.localeCompare(b.name, language)),
    [query.data, language, config.defaultLanguage],
  );
  const nameOf = useCallback((id: number) => options.find((option) => option.id === id)?.name, [options]);
  return { query, options, nameOf };
}
