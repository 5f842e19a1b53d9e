import type { Bounds } from '@karta/map-core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { formatBytes } from '../utils/format-bytes.ts';

type Saving =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; count: number; bytes: number }
  | { state: 'failed'; error: unknown };

/**
 * "Save this area for offline use": keeps the published places of the map's view on this device
 * (up to 20 000), so the map, search, Near me and place pages work there with no network. The
 * saving code (IndexedDB, the pack) loads on the first click.
 */
export function SaveAreaButton({ bounds }: { bounds: Bounds | null }) {
  const { t, i18n } = useTranslation();
  const { maxZoom } = useRuntimeConfig();
  const [saving, setSaving] = useState<Saving>({ state: 'idle' });
  if (!bounds || typeof indexedDB === 'undefined') return null;

  const save = async () => {
    if (saving.state === 'saving') return;
    setSaving({ state: 'saving' });
    try {
      const { saveArea } = await import('../pack/save-area.ts');
      const area = await saveArea(bounds, maxZoom);
      setSaving({ state: 'saved', count: area.placeCount, bytes: area.bytes });
    } catch (error) {
      setSaving({ state: 'failed', error });
    }
  };

  let status: string | null = null;
  if (saving.state === 'saving') status = t('offline.save.saving');
  else if (saving.state === 'saved')
    status = t('offline.save.saved', { count: saving.count, size: formatBytes(saving.bytes, i18n.language) });
  else if (saving.state === 'failed')
    status = t('offline.save.failed', { reason: t(errorMessageKey(saving.error)) });

  return (
    <div className="mt-2 text-sm text-gray-600">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <button
          type="button"
          data-testid="save-offline-area"
          aria-disabled={saving.state === 'saving' || undefined}
          onClick={() => void save()}
          className="inline-flex items-center gap-1.5 font-medium text-blue-800 underline-offset-2 hover:underline"
        >
          {saving.state === 'saving' && <Spinner className="size-4" />}
          {t('offline.save.button')}
        </button>
        <Link href="/offline" className="text-blue-800 underline underline-offset-2">
          {t('offline.save.manage')}
        </Link>
      </p>
      {/* Always in the page, so each outcome is announced. */}
      <p
        role="status"
        data-testid="save-offline-status"
        className={saving.state === 'failed' ? 'mt-1 text-red-800' : 'mt-1'}
      >
        {status}
      </p>
    </div>
  );
}
