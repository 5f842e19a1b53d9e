import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useCategories } from '../../../lib/categories/get-categories.ts';
import { localizeText } from '../../../lib/i18n/localize-text.ts';
import type { ReviewFilters as Filters } from '../api/list-review-places.ts';

/** Typing asks the server once per pause. */
const SEARCH_DELAY_MS = 300;

interface ReviewFiltersProps {
  filters: Filters;
  onChange(filters: Filters): void;
}

/**
 * Narrows a tab's list by words (name, description, address, as the public search reads them)
 * and by category: what a moderator does before "Select all" after an import or a campaign.
 */
export function ReviewFilters({ filters, onChange }: ReviewFiltersProps) {
  const { t, i18n } = useTranslation();
  const categories = useCategories();
  const searchId = useId();
  const categoryId = useId();
  const [typed, setTyped] = useState(filters.q ?? '');
  const settled = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);
  const category = filters.category?.[0] ?? '';

  const latest = useRef({ filters, onChange });
  latest.current = { filters, onChange };

  // Only a pause in typing changes the list; the address's own changes (a tab, back) reset the box.
  useEffect(() => {
    const { filters: now, onChange: change } = latest.current;
    if (settled !== (now.q ?? '')) change({ ...now, q: settled || undefined });
  }, [settled]);
  useEffect(() => setTyped(filters.q ?? ''), [filters.q]);

  return (
    <search className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,16rem)]">
      <div>
        <label htmlFor={searchId} className="block text-sm font-medium text-gray-800">
          {t('review.filters.search')}
        </label>
        <input
          id={searchId}
          type="search"
          data-testid="review-search"
          value={typed}
          maxLength={100}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={t('review.filters.searchPlaceholder')}
          className="mt-1 block h-10 w-full rounded-lg border border-gray-300 px-3 text-sm"
        />
      </div>
      <div>
        <label htmlFor={categoryId} className="block text-sm font-medium text-gray-800">
          {t('review.filters.category')}
        </label>
        <select
          id={categoryId}
          data-testid="review-category"
          value={category}
          onChange={(event) =>
            onChange({ ...filters, category: event.target.value ? [event.target.value] : undefined })
          }
          className="mt-1 block h-10 w-full rounded-lg border border-gray-300 bg-white px-2 text-sm"
        >
          <option value="">{t('review.filters.allCategories')}</option>
          {categories.data?.map((option) => (
            <option key={option.slug} value={option.slug}>
              {localizeText(option.name, i18n.language) || option.slug}
            </option>
          ))}
        </select>
      </div>
    </search>
  );
}
