import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { RetryIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** "A new version of Karta is ready — Reload" (update-prompt.tsx says when it shows). */
export function UpdateCard({ applyUpdate }: { applyUpdate: () => Promise<void> }) {
  const { t } = useTranslation();
  const [reloading, setReloading] = useState(false);
  const reload = () => {
    if (reloading) return;
    setReloading(true);
    void applyUpdate();
  };
  return (
    <section
      aria-label={t('offline.update.label')}
      data-testid="update-prompt"
      className="fixed inset-x-0 bottom-0 z-[1100] flex justify-center p-3 sm:bottom-4"
    >
      <div className="flex w-full max-w-md flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-blue-200 bg-white px-4 py-3 shadow-lg">
        <p role="status" className="min-w-[12rem] flex-1 text-sm font-medium text-gray-900">
          {t('offline.update.ready')}
        </p>
        <button
          type="button"
          data-testid="update-reload"
          aria-disabled={reloading || undefined}
          onClick={reload}
          className={`${buttonStyles.primary} h-9 shrink-0 px-4`}
        >
          {reloading ? <Spinner className="size-4" /> : <RetryIcon className="size-4" />}
          {t('offline.update.reload')}
        </button>
      </div>
    </section>
  );
}
