import { ApiError } from '@karta/api-client';
import type { ImportSource } from '@karta/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useCategories } from '../../../lib/categories/get-categories.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { localizeText } from '../../../lib/i18n/localize-text.ts';
import { relativeTime } from '../../../lib/i18n/relative-time.ts';
import { useDeleteImportSource, useImportSourceRuns, useRunImportSource } from '../api/import-sources.ts';
import { SourceRun } from './source-runs.tsx';

/**
 * One scheduled import: its name and list's address, format, default category, how often, what
 * it does with places gone from the list, trusted or not; its last and next run; Run now, Delete
 * (asked first) and its runs.
 */
export function SourceRow({ source, now }: { source: ImportSource; now: number }) {
  const { t, i18n } = useTranslation();
  const categories = useCategories();
  const run = useRunImportSource();
  const remover = useDeleteImportSource();
  const [awaitedFrom, setAwaitedFrom] = useState<number | null>(null);
  const runs = useImportSourceRuns(source.id, awaitedFrom !== null);
  const [runsOpen, setRunsOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const runsId = useId();
  const last = runs.data?.[0];

  // A Run now is awaited until a run that started after it is listed.
  useEffect(() => {
    if (awaitedFrom !== null && last && Date.parse(last.startedAt) >= awaitedFrom) setAwaitedFrom(null);
  }, [awaitedFrom, last]);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const category = categories.data?.find((known) => known.slug === source.category);
  const failure = run.error ?? remover.error;
  const runNow = () => {
    if (run.isPending) return;
    const asked = Date.now() - 1_000;
    run.mutate(source.id, { onSuccess: () => setAwaitedFrom(asked) });
  };

  return (
    <li
      data-testid="import-source-row"
      data-source-id={source.id}
      className="rounded-xl border border-gray-200 bg-white p-4"
    >
      <h3 className="font-semibold break-words text-gray-900">{source.name}</h3>
      <p className="font-mono text-xs break-all text-gray-600">{source.url}</p>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-3 gap-y-1 text-sm">
        <dt className="text-gray-600">{t('importSources.what')}</dt>
        <dd className="break-words text-gray-900">
          {[
            source.format === 'csv' ? 'CSV' : 'GeoJSON',
            category ? localizeText(category.name, i18n.language) : source.category,
            t(source.trusted ? 'importSources.trusted' : 'importSources.untrusted'),
          ].join(' · ')}
        </dd>
        <dt className="text-gray-600">{t('importSources.every')}</dt>
        <dd className="text-gray-900">{t('importSources.everyHours', { count: source.everyHours })}</dd>
        <dt className="text-gray-600">{t('importSources.form.onMissing')}</dt>
        <dd className="text-gray-900">{t(`importSources.onMissingShort.${source.onMissing}`)}</dd>
        <dt className="text-gray-600">{t('importSources.lastRun')}</dt>
        <dd data-testid="import-source-last-run" className="text-gray-900">
          {last
            ? `${relativeTime(last.startedAt, now, i18n.language)} · ${t(`importSources.outcomes.${last.outcome ?? 'running'}`)}`
            : t('importSources.never')}
        </dd>
        <dt className="text-gray-600">{t('importSources.nextRun')}</dt>
        <dd data-testid="import-source-next-run" className="text-gray-900">
          {relativeTime(source.nextRunAt, now, i18n.language)}
        </dd>
      </dl>
      <div role="status">
        {awaitedFrom !== null && (
          <p
            data-testid="import-source-queued"
            className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800"
          >
            {t('importSources.queued')}
          </p>
        )}
      </div>
      {failure !== null && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-800">
          {failure instanceof ApiError && failure.code === 'not_found'
            ? t('importSources.gone')
            : t(errorMessageKey(failure))}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          data-testid="toggle-import-source-runs"
          aria-expanded={runsOpen}
          aria-controls={runsOpen ? runsId : undefined}
          className={`${buttonStyles.secondary} h-10`}
          onClick={() => setRunsOpen((open) => !open)}
        >
          {runsOpen ? t('importSources.hideRuns') : t('importSources.showRuns')}
        </button>
        <button
          type="button"
          data-testid="run-import-source"
          aria-disabled={run.isPending || undefined}
          className={`${buttonStyles.secondary} h-10`}
          onClick={runNow}
        >
          {t('importSources.runNow')}
        </button>
        {!confirming && (
          <button
            type="button"
            data-testid="delete-import-source"
            className={`${buttonStyles.secondary} h-10 text-red-800`}
            onClick={() => setConfirming(true)}
          >
            {t('importSources.delete')}
          </button>
        )}
      </div>
      {confirming && (
        <div className="mt-3 flex flex-wrap items-center gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
          <p className="mr-auto min-w-0 break-words">
            {t('importSources.confirmDelete', { name: source.name })}
          </p>
          <button
            type="button"
            ref={confirmButton}
            data-testid="confirm-delete-import-source"
            aria-disabled={remover.isPending || undefined}
            className={`${buttonStyles.primary} h-10 bg-red-700 hover:bg-red-800`}
            onClick={() =>
              !remover.isPending && remover.mutate(source.id, { onError: () => setConfirming(false) })
            }
          >
            {t('importSources.delete')}
          </button>
          <button
            type="button"
            className={`${buttonStyles.secondary} h-10`}
            onClick={() => setConfirming(false)}
          >
            {t('importSources.cancel')}
          </button>
        </div>
      )}
      {runsOpen && (
        <div id={runsId} className="mt-3">
          {runs.data && runs.data.length > 0 ? (
            <ul className="space-y-2" aria-label={t('importSources.runsLabel')}>
              {runs.data.map((item) => (
                <SourceRun key={item.id} run={item} now={now} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-gray-600">
              {runs.isPending ? t('importSources.loadingRuns') : t('importSources.noRuns')}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
