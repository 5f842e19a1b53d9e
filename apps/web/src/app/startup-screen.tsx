import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../components/ui/button-styles.ts';
import { RetryIcon } from '../components/ui/icons.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { errorMessageKey } from '../lib/error-message.ts';
import { removeFirstView } from '../lib/first-view.ts';
import { KartaLogo } from './layout/karta-logo.tsx';

interface StartupScreenProps {
  /** Set when the configuration could not be loaded (the server is unreachable, or failing). */
  error?: unknown;
  onRetry?(): void;
}

/** What shows before the app has its configuration: a calm loading state, or why it cannot start. */
export function StartupScreen({ error, onRetry }: StartupScreenProps) {
  const { t } = useTranslation();
  // The home page's first view drawn by the server is not this screen's: it must not cover it.
  useEffect(removeFirstView, []);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-6 text-center">
      <KartaLogo className="size-12" />
      {error ? (
        <div role="alert" className="mt-6 max-w-md">
          <h1 className="text-lg font-semibold text-gray-900">{t('startup.failedTitle')}</h1>
          <p className="mt-2 text-sm text-gray-600">{t(errorMessageKey(error))}</p>
          <button type="button" className={`${buttonStyles.primary} mt-5`} onClick={onRetry}>
            <RetryIcon />
            {t('errors.retry')}
          </button>
        </div>
      ) : (
        <p role="status" className="mt-6 flex items-center gap-3 text-sm text-gray-600">
          <Spinner className="size-5 text-blue-700" />
          {t('startup.loading')}
        </p>
      )}
    </main>
  );
}
