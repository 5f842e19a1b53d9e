import type { ImportSourceRun } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { reportedAgo } from '../../../components/place/reported-ago.ts';

type RunState = NonNullable<ImportSourceRun['outcome']> | 'running';

const STATE_STYLES: Record<RunState, string> = {
  imported: 'bg-green-50 text-green-800',
  not_modified: 'bg-gray-100 text-gray-800',
  failed: 'bg-red-50 text-red-800',
  running: 'bg-amber-50 text-amber-900',
};

const COUNTS = ['created', 'updated', 'archived', 'unchanged', 'failed'] as const;

/** One run: when, its outcome in words, what it did in numbers, held changes and its error. */
export function SourceRun({ run, now }: { run: ImportSourceRun; now: number }) {
  const { t, i18n } = useTranslation();
  const state: RunState = run.outcome ?? 'running';
  return (
    <li
      data-testid="import-source-run"
      data-outcome={state}
      className="rounded-lg border border-gray-200 p-3 text-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="text-gray-900">
          {reportedAgo(run.startedAt, now, i18n.language, t('importSources.justNow'))}
        </p>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATE_STYLES[state]}`}>
          {t(`importSources.outcomes.${state}`)}
        </span>
      </div>
      {run.outcome === 'imported' && (
        <p data-testid="import-source-run-counts" className="mt-1 text-gray-700">
          {COUNTS.map((count) => t(`importSources.counts.${count}`, { count: run[count] })).join(' · ')}
        </p>
      )}
      {run.held.length > 0 && (
        <p className="mt-1 text-gray-700">{t('importSources.held', { count: run.held.length })}</p>
      )}
      {run.error && <p className="mt-1 font-mono text-xs break-words text-red-800">{run.error}</p>}
    </li>
  );
}
