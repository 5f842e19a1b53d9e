import { useTranslation } from 'react-i18next';
import { OfflineIcon } from '../../../components/ui/icons.tsx';
import { useConnectivity } from '../../../lib/connectivity.ts';
import { formatDateTime } from '../../../lib/i18n/format.ts';

/**
 * "You are offline" under the header while the server cannot be reached (the browser has no
 * network, or requests go unanswered), with how old the saved data shown meanwhile is.
 */
export function OfflineBanner() {
  const { t, i18n } = useTranslation();
  const { online, savedAt } = useConnectivity();
  if (online) return null;
  return (
    // A labelled section is a landmark: the notice is not content outside every landmark.
    <section
      aria-label={t('offline.bannerLabel')}
      data-testid="offline-banner"
      className="border-b border-slate-300 bg-slate-100"
    >
      <div className="mx-auto flex max-w-screen-2xl items-start gap-2.5 px-4 py-2.5 text-sm text-slate-900 sm:px-6">
        <OfflineIcon className="mt-0.5 size-4 text-slate-700" />
        <div className="min-w-0">
          <p role="status" className="break-words font-medium">
            {savedAt === null
              ? t('offline.banner')
              : t('offline.bannerSavedAt', {
                  time: formatDateTime(new Date(savedAt).toISOString(), i18n.language),
                })}
          </p>
          <p className="break-words">{t('offline.needsNetwork')}</p>
        </div>
      </div>
    </section>
  );
}
