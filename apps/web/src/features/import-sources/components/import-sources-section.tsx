import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryList } from '../../../components/ui/query-list.tsx';
import { useImportSources } from '../api/import-sources.ts';
import { CreateSourceForm } from './create-source-form.tsx';
import { SourceRow } from './source-row.tsx';

/**
 * "Scheduled imports" on the import page, for admins (docs/decisions/033-scheduled-imports.md):
 * partners' lists fetched every few hours, each with its last and next run, and a form that adds one.
 */
export function ImportSourcesSection() {
  const { t } = useTranslation();
  const query = useImportSources();
  const [added, setAdded] = useState<string | null>(null);
  return (
    <section aria-labelledby="import-sources-title" className="space-y-4" data-testid="import-sources">
      <div>
        <h2 id="import-sources-title" className="text-lg font-semibold text-gray-900">
          {t('importSources.title')}
        </h2>
        <p className="mt-1 text-sm text-gray-600">{t('importSources.intro')}</p>
      </div>
      <QueryList
        query={query}
        loading={t('importSources.loading')}
        loadFailed={t('importSources.loadFailed')}
        empty={t('importSources.empty')}
      >
        {(items) => (
          <ul
            className="space-y-3"
            aria-label={t('importSources.listLabel')}
            data-testid="import-source-list"
          >
            {items.map((source) => (
              <SourceRow key={source.id} source={source} now={query.dataUpdatedAt} />
            ))}
          </ul>
        )}
      </QueryList>
      <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
        <h3 className="text-base font-semibold text-gray-900">{t('importSources.newTitle')}</h3>
        <div role="status">
          {added && (
            <p
              data-testid="import-source-added"
              className="mt-2 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800"
            >
              {t('importSources.added', { name: added })}
            </p>
          )}
        </div>
        <div className="mt-3 max-w-xl">
          <CreateSourceForm onCreated={setAdded} />
        </div>
      </div>
    </section>
  );
}
