import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { DownloadIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { useSaveArea } from '../hooks/use-save-area.ts';

type AreaSaving = ReturnType<typeof useSaveArea>;

/**
 * "Save offline" over the map's corner: keeps the places of the view on this device in one press
 * (the size is said after, in SaveAreaStatus), so the map, search, Near me and place pages work
 * there with no network.
 */
export function SaveAreaButton({ saving }: { saving: AreaSaving }) {
  const { t } = useTranslation();
  if (!saving.available) return null;
  return (
    <button
      type="button"
      data-testid="save-offline-area"
      title={t('offline.save.button')}
      aria-disabled={saving.busy || undefined}
      onClick={() => void saving.save()}
      className={buttonStyles.mapOverlay}
    >
      {saving.busy ? <Spinner className="size-4" /> : <DownloadIcon className="size-4 text-blue-700" />}
      <span className="sr-only sm:not-sr-only">{t('offline.save.mapButton')}</span>
    </button>
  );
}

/** What saving the area came to: always in the page (so each outcome is announced), empty until a press. */
export function SaveAreaStatus({ saving }: { saving: AreaSaving }) {
  return (
    <p
      role="status"
      data-testid="save-offline-status"
      className={
        saving.status ? `mt-2 text-sm ${saving.failed ? 'text-red-800' : 'text-gray-700'}` : 'sr-only'
      }
    >
      {saving.status}
    </p>
  );
}

/** "Saved areas" under the list: the areas kept on this device, to refresh or remove. */
export function SavedAreasLink() {
  const { t } = useTranslation();
  if (typeof indexedDB === 'undefined') return null;
  return (
    <p className="mt-2 text-sm">
      <Link href="/offline" className="text-blue-800 underline underline-offset-2">
        {t('offline.save.manage')}
      </Link>
    </p>
  );
}
