import type { FieldFilterParam } from '@karta/contracts';
import { type Bounds, normalizeBounds } from '@karta/map-core';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';

interface ExportLinksProps {
  /** The map's view: the download holds the published places in it. */
  bounds: Bounds | null;
  categories: readonly string[];
  /** Only places open now (when the download is made). */
  openNow?: boolean;
  /** A search the list shows: the download holds every place matching it, wherever it is. */
  search?: string;
  /** The field filters (`f.<key>`) the list holds to. */
  fieldFilters?: readonly FieldFilterParam[];
}

/**
 * Downloads of what the list holds, as CSV and GeoJSON (docs/product-rules.md §Exports): the places
 * in view with the category filter, or with a search every place matching it in those categories.
 * Plain links: the server streams the file, so any size downloads without the page holding it.
 */
export function ExportLinks({ bounds, categories, openNow = false, search, fieldFilters }: ExportLinksProps) {
  const { t } = useTranslation();
  if (search === undefined && !bounds) return null;
  const open = {
    ...(openNow ? { openNow: true } : {}),
    ...(fieldFilters && fieldFilters.length > 0 ? { f: fieldFilters.map((filter) => ({ ...filter })) } : {}),
  };
  const filters =
    search === undefined
      ? { bbox: bounds ? normalizeBounds(bounds) : undefined, category: [...categories], ...open }
      : { q: search, category: [...categories], ...open };
  const linkClass = 'font-medium text-blue-800 underline-offset-2 hover:underline';
  return (
    <p data-testid="export-links" className="mt-3 text-sm text-gray-600">
      {t(search === undefined ? 'places.export.label' : 'places.export.searchLabel')}{' '}
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
