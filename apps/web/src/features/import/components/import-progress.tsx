import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { ImportRunState } from '../hooks/use-import-run.ts';

type Busy = Extract<ImportRunState, { phase: 'uploading' | 'checking' }>;

/**
 * A run under way: the upload's percentage (a real progress bar), then an indeterminate
 * "Checking N rows…" while the server reads the file. Announced politely as it changes phase.
 */
export function ImportProgress({ state, rows }: { state: Busy; rows: number | null }) {
  const { t } = useTranslation();
  const percent =
    state.phase === 'uploading' && state.fraction !== null ? Math.round(state.fraction * 100) : null;
  const working =
    state.phase === 'uploading'
      ? t('importer.progress.uploading')
      : rows === null
        ? t(state.dryRun ? 'importer.progress.checkingFile' : 'importer.progress.importingFile')
        : t(state.dryRun ? 'importer.progress.checkingRows' : 'importer.progress.importingRows', {
            count: rows,
          });
  return (
    <div
      data-testid="import-progress"
      data-phase={state.phase}
      className="rounded-lg border border-gray-200 bg-white p-4"
    >
      <p role="status" className="flex items-center gap-2 text-sm font-medium text-gray-900">
        <Spinner className="size-4 text-blue-700" />
        {working}
      </p>
      {state.phase === 'uploading' && (
        <div className="mt-3 flex items-center gap-3">
          <progress
            className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-blue-700 [&::-webkit-progress-bar]:bg-gray-200 [&::-webkit-progress-value]:bg-blue-700"
            max={100}
            value={percent ?? undefined}
            aria-label={t('importer.progress.uploadLabel')}
          />
          <span className="w-12 text-right text-sm text-gray-700 tabular-nums">
            {percent === null ? '' : t('importer.progress.percent', { percent: percent / 100 })}
          </span>
        </div>
      )}
    </div>
  );
}
