import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { boxViewHref } from '../../../lib/box-view-href.ts';
import { formatDateTime } from '../../../lib/i18n/format.ts';
import type { SavedAreaSummary } from '../pack/saved-areas-store.ts';
import { formatBytes } from '../utils/format-bytes.ts';
import { savedAreaBytes } from '../utils/saved-area-size.ts';

interface SavedAreaRowProps {
  area: SavedAreaSummary;
  busy: 'refreshing' | 'removing' | null;
  onRefresh(area: SavedAreaSummary): void;
  onRemove(area: SavedAreaSummary): void;
}

/** One saved area: how many places, its size and date, its background map, the map there, Refresh and Remove. */
export function SavedAreaRow({ area, busy, onRefresh, onRemove }: SavedAreaRowProps) {
  const { t, i18n } = useTranslation();
  const coordinate = (value: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 }).format(value);
  return (
    <li
      data-testid="saved-area"
      data-area-id={area.id}
      className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold text-gray-900" data-testid="saved-area-summary">
          {t('offline.areas.summary', {
            count: area.placeCount,
            size: formatBytes(savedAreaBytes(area), i18n.language),
          })}
        </p>
        {area.basemap && (
          <p className="mt-0.5 text-gray-600" data-testid="saved-area-basemap">
            {area.basemap.saved
              ? t('offline.areas.withBasemap', { zoom: area.basemap.maxZoom })
              : t('offline.areas.withoutBasemap')}
          </p>
        )}
        <p className="mt-0.5 text-gray-600">
          {t('offline.areas.savedAt', { date: formatDateTime(area.savedAt, i18n.language) })}
        </p>
        <p className="mt-0.5 break-words text-gray-600">
          {t('offline.areas.box', {
            south: coordinate(area.bbox.south),
            west: coordinate(area.bbox.west),
            north: coordinate(area.bbox.north),
            east: coordinate(area.bbox.east),
          })}
        </p>
        <Link href={boxViewHref(area.bbox)} className="mt-1 inline-block font-medium text-blue-800 underline">
          {t('offline.areas.show')}
        </Link>
      </div>
      <div className="flex shrink-0 gap-2">
        <button
          type="button"
          data-testid="refresh-saved-area"
          aria-disabled={busy !== null || undefined}
          onClick={() => onRefresh(area)}
          className={`${buttonStyles.secondary} h-9 px-3`}
        >
          {busy === 'refreshing' && <Spinner className="size-4" />}
          {busy === 'refreshing' ? t('offline.areas.refreshing') : t('offline.areas.refresh')}
        </button>
        <button
          type="button"
          data-testid="remove-saved-area"
          aria-disabled={busy !== null || undefined}
          onClick={() => onRemove(area)}
          className={`${buttonStyles.secondary} h-9 px-3`}
        >
          {t('offline.areas.remove')}
        </button>
      </div>
    </li>
  );
}
