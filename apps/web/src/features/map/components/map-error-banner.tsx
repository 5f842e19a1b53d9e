import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { DismissButton } from '../../../components/ui/dismiss-button.tsx';
import { AlertIcon, RetryIcon } from '../../../components/ui/icons.tsx';

interface MapErrorBannerProps {
  /** The translated message: what failed and, for API errors, why. */
  message: string;
  detail?: string;
  onRetry(): void;
  /** Offered when the map still works underneath (a fallback engine draws), so the banner can go. */
  onDismiss?(): void;
}

/**
 * A map failure over the map, with Retry (`map-error` / `map-retry` are stable test hooks). When
 * the map still works underneath, it can be closed, and on phones it sits at the bottom so the
 * zoom buttons (top left) stay in reach.
 */
export function MapErrorBanner({ message, detail, onRetry, onDismiss }: MapErrorBannerProps) {
  const { t } = useTranslation();
  const place = onDismiss ? 'bottom-8 sm:top-3 sm:bottom-auto' : 'top-3';
  return (
    <div className={`pointer-events-none absolute inset-x-0 z-[1000] flex justify-center px-3 ${place}`}>
      <div
        data-testid="map-error"
        data-map-overlay
        role="alert"
        className="pointer-events-auto flex max-w-md items-start gap-3 rounded-xl border border-red-200 bg-white p-3 shadow-lg sm:max-w-lg"
      >
        <AlertIcon className="mt-0.5 size-5 text-red-700" />
        {/* On phones Retry goes under the text, which keeps the whole width. */}
        <div className="flex min-w-0 flex-1 flex-col items-start gap-2 sm:flex-row sm:gap-3">
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold text-gray-900">{message}</p>
            {detail && <p className="mt-0.5 text-sm text-gray-600">{detail}</p>}
          </div>
          <button type="button" data-testid="map-retry" className={buttonStyles.secondary} onClick={onRetry}>
            <RetryIcon />
            {t('errors.retry')}
          </button>
        </div>
        {onDismiss && <DismissButton testId="map-error-dismiss" onDismiss={onDismiss} className="-m-1 p-2" />}
      </div>
    </div>
  );
}
