import { useTranslation } from 'react-i18next';
import { buttonStyles } from './button-styles.ts';
import { Spinner } from './spinner.tsx';

/**
 * "Show more" under a list that loads its next page. While the page loads it says so and ignores
 * clicks, but stays focusable (aria-disabled), so a keyboard user is not thrown out of the list.
 */
export function ShowMoreButton({
  loading,
  onShowMore,
  testId,
  label,
  loadingLabel,
}: {
  loading: boolean;
  onShowMore(): void;
  testId?: string;
  /** Default: "Show more" and "Loading more…" of place lists. */
  label?: string;
  loadingLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      data-testid={testId}
      className={buttonStyles.secondary}
      aria-disabled={loading || undefined}
      onClick={() => {
        if (!loading) onShowMore();
      }}
    >
      {loading && <Spinner className="size-4" />}
      {loading ? (loadingLabel ?? t('places.loadingMore')) : (label ?? t('places.showMore'))}
    </button>
  );
}
