import type { PlaceListItem } from '@karta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessageKey } from '../../../lib/error-message.ts';
import {
  allReviewPlaces,
  type ReviewFilters,
  type ReviewStatus,
  SELECT_ALL_MAX,
} from '../api/list-review-places.ts';

interface SelectAllProps {
  status: ReviewStatus;
  filters: ReviewFilters;
  /** The places shown now that may be decided (none another moderator holds). */
  page: readonly PlaceListItem[];
  total: number;
  totalIsLowerBound: boolean;
  onSelect(places: readonly PlaceListItem[]): void;
}

/** "Select the page" and "Select all N": every place the list's filters match, up to SELECT_ALL_MAX. */
export function SelectAll({ status, filters, page, total, totalIsLowerBound, onSelect }: SelectAllProps) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const capped = totalIsLowerBound || total > SELECT_ALL_MAX;

  const selectAll = () => {
    if (loading) return;
    setLoading(true);
    setError(null);
    allReviewPlaces(status, filters)
      .then(onSelect, (failure: unknown) => setError(t(errorMessageKey(failure))))
      .finally(() => setLoading(false));
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        data-testid="select-page"
        className={buttonStyles.action}
        onClick={() => onSelect(page)}
      >
        {t('review.batch.selectPage', { count: page.length })}
      </button>
      {total > page.length && (
        <button
          type="button"
          data-testid="select-all"
          className={buttonStyles.action}
          aria-disabled={loading || undefined}
          onClick={selectAll}
        >
          {loading && <Spinner className="size-3.5" />}
          {capped
            ? t('review.batch.selectFirst', { count: SELECT_ALL_MAX })
            : t('review.batch.selectAll', { count: total })}
        </button>
      )}
      <span role="alert" className="text-xs text-red-800">
        {error}
      </span>
    </div>
  );
}
