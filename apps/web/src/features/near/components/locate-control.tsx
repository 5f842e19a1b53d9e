import type { LatLng } from '@karta/map-core';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { DismissButton } from '../../../components/ui/dismiss-button.tsx';
import { AlertIcon, LocateIcon, RetryIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { RETRYABLE_PROBLEMS, useGeolocation } from '../../../hooks/use-geolocation.ts';

interface LocateControlProps {
  /** The browser told where the user is. */
  onFound(position: LatLng): void;
  /** A point is already chosen: a failure says it stays. */
  hasPoint: boolean;
}

/**
 * "Use my location", what happens while the browser looks, and when it gives no position, why in
 * plain words and what to do instead (picking a point on the map always works).
 */
export function LocateControl({ onFound, hasPoint }: LocateControlProps) {
  const { t } = useTranslation();
  const { status, locate, dismiss } = useGeolocation(onFound);
  const locating = status.state === 'locating';

  return (
    <div>
      <button
        type="button"
        data-testid="use-my-location"
        className={`${buttonStyles.primary} w-full sm:w-auto`}
        disabled={locating}
        onClick={locate}
      >
        {locating ? <Spinner className="size-4" /> : <LocateIcon className="size-4" />}
        {t('near.locate.button')}
      </button>
      {/* One live region for progress, so "finding" is read once and then replaced. */}
      <p role="status" className="mt-2 text-sm text-gray-700 empty:hidden" data-testid="locate-progress">
        {locating ? t('near.locate.locating') : ''}
      </p>
      {status.state === 'failed' && (
        <div
          role="alert"
          data-testid="locate-problem"
          data-problem={status.problem}
          className="mt-3 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <AlertIcon className="mt-0.5 size-5 shrink-0 text-amber-700" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{t(`near.locate.problems.${status.problem}.title`)}</p>
            <p className="mt-1">{t(`near.locate.problems.${status.problem}.body`)}</p>
            {hasPoint && <p className="mt-1">{t('near.locate.pointKept')}</p>}
            {RETRYABLE_PROBLEMS.has(status.problem) && (
              <button
                type="button"
                data-testid="locate-retry"
                className={`${buttonStyles.secondary} mt-3`}
                onClick={locate}
              >
                <RetryIcon />
                {t('near.locate.retry')}
              </button>
            )}
          </div>
          <DismissButton testId="locate-dismiss" onDismiss={dismiss} className="-m-1 self-start p-1.5" />
        </div>
      )}
    </div>
  );
}
