import type { Bounds } from '@karta/map-core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { saveProblemKey } from '../pack/busy-retry.ts';
import { formatBytes } from '../utils/format-bytes.ts';
import { savedAreaBytes } from '../utils/saved-area-size.ts';

type Saving =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; count: number; bytes: number; basemapLeftOut: boolean }
  | { state: 'failed'; error: unknown };

/**
 * Saving the map's view for offline use in one press: the published places of the view (up to
 * 20 000) with the app itself and the site's own base map, and what to say of it — while saving,
 * then the size saved (and a background left out, too large) or why not. The saving code (IndexedDB, the pack) loads on the first press.
 */
export function useSaveArea(bounds: Bounds | null) {
  const { t, i18n } = useTranslation();
  const { maxZoom } = useRuntimeConfig();
  const [saving, setSaving] = useState<Saving>({ state: 'idle' });
  const busy = saving.state === 'saving';

  const save = useCallback(async () => {
    if (busy || !bounds) return;
    setSaving({ state: 'saving' });
    try {
      const { saveArea } = await import('../pack/save-area.ts');
      const area = await saveArea(bounds, maxZoom);
      setSaving({
        state: 'saved',
        count: area.placeCount,
        bytes: savedAreaBytes(area),
        basemapLeftOut: area.basemap?.saved === false,
      });
    } catch (error) {
      setSaving({ state: 'failed', error });
    }
  }, [busy, bounds, maxZoom]);

  let status: string | null = null;
  if (saving.state === 'saving') status = t('offline.save.saving');
  else if (saving.state === 'saved') {
    status = t('offline.save.saved', { count: saving.count, size: formatBytes(saving.bytes, i18n.language) });
    if (saving.basemapLeftOut) status += ` ${t('offline.save.basemapTooLarge')}`;
  } else if (saving.state === 'failed')
    status = t('offline.save.failed', { reason: t(saveProblemKey(saving.error)) });

  return {
    /** Whether this browser can keep an area (IndexedDB) and the map has a view to save. */
    available: bounds !== null && typeof indexedDB !== 'undefined',
    busy,
    failed: saving.state === 'failed',
    status,
    save,
  };
}
