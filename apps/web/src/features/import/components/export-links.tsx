import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { api } from '../../../lib/api-client.ts';

/** Downloads of every published place, in the import's own formats (so a file goes back as it is). */
export function ExportLinks() {
  const { t } = useTranslation();
  return (
    <div>
      <p className="text-sm text-gray-700">{t('importer.export.body')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a
          href={api.exportCsvUrl({})}
          download
          data-testid="import-export-csv"
          className={buttonStyles.secondary}
        >
          {t('importer.export.csv')}
        </a>
        <a
          href={api.exportGeoJsonUrl({})}
          download
          data-testid="import-export-geojson"
          className={buttonStyles.secondary}
        >
          {t('importer.export.geojson')}
        </a>
      </div>
      <p className="mt-2 text-xs text-gray-600">{t('importer.export.note')}</p>
    </div>
  );
}
