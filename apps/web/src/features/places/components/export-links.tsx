import { type Bounds, normalizeBounds } from '@karta/map-core';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';

interface ExportLinksProps {
  /** The map's view: the download holds the published places in it. */
  bounds: Bounds | null;
  categories: readonly string[];
}

/**
 * Downloads of the places in view with the current filter, as CSV and GeoJSON (PRODUCT.md §7).
 * Plain links: the server streams the file, so any size downloads without the page holding it.
 */
export function ExportLinks({ bounds, categories }: ExportLinksProps) {
  const { t } = useTranslation();
  if (!bounds) return null;
  const filters = { bbox: normalizeBounds(bounds), category: [...categories] };
  const linkClass = 'font-medium text-blue-800 underline-offset-2 hover:underline';
  return (
    <p data-testid="export-links" className="mt-3 text-sm text-gray-600">
      {t('places.export.label')}{' '}
      <a href={api.exportCsvUrl(filters)} download data-testid="export-csv" className={linkClass}>
        {t('places.export.csv')}
      </a>
      <span aria-hidden="true"> · </span>
      <a href={api.exportGeoJsonUrl(filters)} download data-testid="export-geojson" className={linkClass}>
        {t('places.export.geojson')}
      </a>
    </p>
  );
}
