import type { ImportResult } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/i18n/format.ts';
import { useRecentImports } from '../api/list-imports.ts';

/** What one finished import did, in a sentence: its counts, or why it was finished late or dropped. */
function OutcomeText({ result }: { result: ImportResult }) {
  const { t } = useTranslation();
  const counts = result.counts && t('importer.recent.counts', result.counts);
  if (result.outcome === 'dropped_after_restart') return <>{t('importer.recent.droppedAfterRestart')}</>;
  if (result.outcome === 'published_after_restart')
    return (
      <>
        {t('importer.recent.publishedAfterRestart')} {counts}
      </>
    );
  return <>{counts}</>;
}

/**
 * The newest imports and what became of each, newest first. Above all for an import whose answer
 * never came (the server stopped during it): the next start finishes it, and this list says
 * whether it was published to its end or dropped.
 */
export function RecentImports() {
  const { t, i18n } = useTranslation();
  const recent = useRecentImports();
  if (recent.isPending) return <p className="text-sm text-gray-600">{t('importer.recent.loading')}</p>;
  if (recent.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {t(errorMessageKey(recent.error))}
      </p>
    );
  const { items } = recent.data;
  if (items.length === 0) return <p className="text-sm text-gray-600">{t('importer.recent.none')}</p>;
  return (
    <ul className="divide-y divide-gray-100 text-sm" data-testid="recent-imports">
      {items.map((result) => (
        <li key={result.id} className="py-2" data-outcome={result.outcome}>
          <p className="font-medium text-gray-900">
            {formatDateTime(result.finishedAt, i18n.language)}
            <span className="font-normal text-gray-600">
              {' · '}
              {result.by?.displayName ?? t('importer.recent.deletedAccount')}
              {' · '}
              {t(result.status === 'published' ? 'importer.recent.asPublished' : 'importer.recent.asPending')}
            </span>
          </p>
          <p className={result.outcome === 'dropped_after_restart' ? 'text-amber-900' : 'text-gray-700'}>
            <OutcomeText result={result} />
          </p>
        </li>
      ))}
    </ul>
  );
}
