import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../../components/ui/states.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { SavedAreaRow } from '../../../features/offline/components/saved-area-row.tsx';
import { saveProblemKey } from '../../../features/offline/pack/busy-retry.ts';
import { saveArea } from '../../../features/offline/pack/save-area.ts';
import {
  listSavedAreas,
  onSavedAreasChange,
  removeSavedArea,
  type SavedAreaSummary,
} from '../../../features/offline/pack/saved-areas-store.ts';
import { formatBytes } from '../../../features/offline/utils/format-bytes.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';

type Busy = { id: string; doing: 'refreshing' | 'removing' } | null;

/** What the browser lets the site store, and what it stores (all of Karta's data, caches included). */
function useStorageEstimate(areas: readonly SavedAreaSummary[] | null) {
  const [estimate, setEstimate] = useState<StorageEstimate | null>(null);
  useEffect(() => {
    if (areas === null || !navigator.storage?.estimate) return;
    void navigator.storage.estimate().then(setEstimate, () => setEstimate(null));
  }, [areas]);
  return estimate;
}

/**
 * `/offline`: the areas saved on this device for offline use, each with its size and date, to
 * show on the map, refresh with today's places, or remove.
 */
export function SavedAreasPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('offline.areas.title'));
  const { maxZoom } = useRuntimeConfig();
  const [areas, setAreas] = useState<SavedAreaSummary[] | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const estimate = useStorageEstimate(areas);

  const reload = useCallback(() => {
    void listSavedAreas().then(setAreas, () => setAreas([]));
  }, []);
  useEffect(() => {
    reload();
    return onSavedAreasChange(reload);
  }, [reload]);

  const run = async (area: SavedAreaSummary, doing: 'refreshing' | 'removing') => {
    if (busy) return;
    setBusy({ id: area.id, doing });
    setStatus(null);
    try {
      if (doing === 'refreshing') await saveArea(area.bbox, maxZoom, area.id);
      else await removeSavedArea(area.id);
      setStatus({
        text: t(doing === 'refreshing' ? 'offline.areas.refreshed' : 'offline.areas.removed'),
        error: false,
      });
    } catch (error) {
      setStatus({ text: t('offline.save.failed', { reason: t(saveProblemKey(error)) }), error: true });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('offline.areas.title')}</h1>
      <p className="mt-2 text-sm text-gray-600">{t('offline.areas.intro')}</p>
      <p className="mt-2 text-sm text-gray-600">{t('offline.areas.limits')}</p>
      <p
        role="status"
        data-testid="saved-areas-status"
        className={`mt-4 text-sm ${status?.error ? 'text-red-800' : 'text-green-800'}`}
      >
        {status?.text}
      </p>
      {areas === null ? (
        <LoadingState label={t('app.loadingPage')} className="py-12" />
      ) : areas.length === 0 ? (
        <p
          className="mt-4 rounded-xl border border-gray-200 bg-white p-5 text-sm text-gray-700"
          data-testid="no-saved-areas"
        >
          {t('offline.areas.empty')}
        </p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {areas.map((area) => (
            <SavedAreaRow
              key={area.id}
              area={area}
              busy={busy?.id === area.id ? busy.doing : null}
              onRefresh={(chosen) => void run(chosen, 'refreshing')}
              onRemove={(chosen) => void run(chosen, 'removing')}
            />
          ))}
        </ul>
      )}
      {estimate?.usage !== undefined && estimate.quota !== undefined && (
        <p className="mt-6 text-xs text-gray-600" data-testid="storage-estimate">
          {t('offline.areas.storage', {
            used: formatBytes(estimate.usage, i18n.language),
            quota: formatBytes(estimate.quota, i18n.language),
          })}
        </p>
      )}
    </div>
  );
}
