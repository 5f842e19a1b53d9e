import type { LatLng } from '@karta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { DismissButton } from '../../../components/ui/dismiss-button.tsx';
import { AlertIcon, LocateIcon, RetryIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { RETRYABLE_PROBLEMS, useGeolocation } from '../../../hooks/use-geolocation.ts';

interface LocateButtonProps {
  /** The browser told where the user is: the marker goes there. */
  onFound(position: LatLng): void;
  /** The marker is already placed: a failure says it stays where it was. */
  hasPosition: boolean;
}

/**
 * "Use my location" for the place form: standing at the place with a phone, the quickest way to
 * put the marker. While the browser looks the button says so; when it gives no position, why in
 * plain words, and that the map and the coordinate fields work without it.
 */
export function LocateButton({ onFound, hasPosition }: LocateButtonProps) {
  const { t } = useTranslation();
  const [found, setFound] = useState(false);
  const { status, locate, dismiss } = useGeolocation((position) => {
    setFound(true);
    onFound(position);
  });
  const locating = status.state === 'locating';
  const ask = () => {
    // aria-disabled rather than disabled: a disabled button would drop the keyboard focus.
    if (locating) return;
    setFound(false);
    locate();
  };

  return (
    <div>
      <button
        type="button"
        data-testid="use-my-location"
        aria-disabled={locating || undefined}
        onClick={ask}
        className={`${buttonStyles.secondary} min-h-11 w-full sm:w-auto ${locating ? 'cursor-progress opacity-70' : ''}`}
      >
        {locating ? <Spinner className="size-4" /> : <LocateIcon className="size-4" />}
        {t('placeEditor.locate.button')}
      </button>
      {/* One live region, so "finding" is read once and then replaced by what came of it. */}
      <p role="status" data-testid="locate-progress" className="mt-2 text-sm text-gray-700 empty:hidden">
        {locating ? t('placeEditor.locate.locating') : found ? t('placeEditor.locate.found') : ''}
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
            <p className="font-semibold">{t(`placeEditor.locate.problems.${status.problem}.title`)}</p>
            <p className="mt-1">{t(`placeEditor.locate.problems.${status.problem}.body`)}</p>
            {hasPosition && <p className="mt-1">{t('placeEditor.locate.markerKept')}</p>}
            {RETRYABLE_PROBLEMS.has(status.problem) && (
              <button
                type="button"
                data-testid="locate-retry"
                className={`${buttonStyles.secondary} mt-3 min-h-11`}
                onClick={ask}
              >
                <RetryIcon />
                {t('placeEditor.locate.retry')}
              </button>
            )}
          </div>
          <DismissButton testId="locate-dismiss" onDismiss={dismiss} className="-m-1 self-start p-1.5" />
        </div>
      )}
    </div>
  );
}
