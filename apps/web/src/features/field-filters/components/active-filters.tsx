import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import type { FilterSummary } from '../utils/filter-summary.ts';

interface ActiveFiltersProps {
  summaries: readonly FilterSummary[];
  onRemove(key: string): void;
}

/**
 * The filters on, in words, while the panel is closed: each a chip that removes it, so what hides
 * places is always on screen and one tap undoes it.
 */
export function ActiveFilters({ summaries, onRemove }: ActiveFiltersProps) {
  const { t } = useTranslation();
  if (summaries.length === 0) return null;
  return (
    <div data-testid="active-field-filters" className="mt-2 flex flex-wrap items-center gap-2">
      <span className="text-sm text-gray-700">{t('filters.active')}</span>
      <ul className="flex flex-wrap gap-2">
        {summaries.map((summary) => {
          const text = t('filters.summary', { field: summary.field, value: summary.value });
          return (
            <li key={summary.key}>
              <button
                type="button"
                data-key={summary.key}
                aria-label={t('filters.remove', { filter: text })}
                className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-blue-200 bg-blue-50 pr-3 pl-4 text-sm font-medium text-blue-900 hover:border-blue-300 hover:bg-blue-100"
                onClick={() => onRemove(summary.key)}
              >
                {text}
                <CloseIcon className="size-4" />
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
