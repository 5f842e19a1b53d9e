import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { AlertIcon, RetryIcon } from '../../../components/ui/icons.tsx';

interface MapErrorBannerProps {
  /** The translated message: what failed and, for API errors, why. */
  message: string;
  detail?: string;
  onRetry(): void;
}

/** A map failure over the map, with Retry (`map-error` / `map-retry` are stable test hooks). */
export function MapErrorBanner({ message, detail, onRetry }: MapErrorBannerProps) {
  const { t } = useTranslation();
  return (
    <div className="pointer-events-none absolute inset-x-0 top-3 z-[1000] flex justify-center px-3">
      <div
        data-testid="map-error"
        role="alert"
        className="pointer-events-auto flex max-w-md items-start gap-3 rounded-xl border border-red-200 bg-white p-3 shadow-lg"
      >
        <AlertIcon className="mt-0.5 size-5 text-red-700" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-gray-900">{message}</p>
          {detail && <p className="mt-0.5 text-sm text-gray-600">{detail}</p>}
        </div>
        <button type="button" data-testid="map-retry" className={buttonStyles.secondary} onClick={onRetry}>
          <RetryIcon />
          {t('errors.retry')}
        </button>
      </div>
    </div>
  );
}
