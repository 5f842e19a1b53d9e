import type { ImportFormat, ImportStatus } from '@karta/contracts';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { type FileProblem, useImportFile } from '../hooks/use-import-file.ts';
import { useImportRun } from '../hooks/use-import-run.ts';
import { reportHeadline } from '../utils/report-headline.ts';
import { ColumnMappingTable } from './column-mapping-table.tsx';
import { ExportLinks } from './export-links.tsx';
import { FileDropZone } from './file-drop-zone.tsx';
import { FileProblemAlert } from './file-problem-alert.tsx';
import { FileSummary } from './file-summary.tsx';
import { ImportFailure } from './import-failure.tsx';
import { ImportProgress } from './import-progress.tsx';
import { ImportReport } from './import-report.tsx';
import { RecentImports } from './recent-imports.tsx';
import { StatusChoice } from './status-choice.tsx';

/** One titled part of the screen. */
function Step({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      className="rounded-xl border border-gray-200 bg-white p-4 sm:p-5"
    >
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The Import / export screen: choose a file, map its columns when they are not Karta's, choose the
 * status of new places, check the file (a dry run with a row-by-row report), then import it; and
 * download every published place. A change of file, format or columns makes a check stale, so it is dropped.
 */
export function ImportScreen() {
  const { t } = useTranslation();
  const file = useImportFile();
  const runner = useImportRun();
  const [status, setStatus] = useState<ImportStatus>('pending');
  const [prepareProblem, setPrepareProblem] = useState<FileProblem | null>(null);
  // The body the last check sent: the import sends exactly what was checked.
  const [checkedBody, setCheckedBody] = useState<Blob | null>(null);

  const { state } = runner;
  const busy = state.phase === 'uploading' || state.phase === 'checking';
  const forget = () => {
    runner.reset();
    setPrepareProblem(null);
    setCheckedBody(null);
  };

  const check = () => {
    if (!file.chosen || busy) return;
    const prepared = file.prepare();
    if (!prepared.ok) {
      setPrepareProblem(prepared.problem);
      return;
    }
    setPrepareProblem(null);
    setCheckedBody(prepared.body);
    void runner.run({ format: file.chosen.format, body: prepared.body, status, dryRun: true });
  };

  const runImport = () => {
    if (!file.chosen || !checkedBody || busy) return;
    void runner.run({ format: file.chosen.format, body: checkedBody, status, dryRun: false });
  };

  // Set when the file picker comes back after a file was chosen: the focus goes to it.
  const [pickerFocus, setPickerFocus] = useState(false);
  const startOver = () => {
    forget();
    file.clear();
    setPickerFocus(true);
  };

  const problem = file.problem ?? prepareProblem;
  const mappingBlocked = file.mappingProblems.missing.length > 0 || file.mappingProblems.repeated.length > 0;
  const canCheck = file.chosen !== null && file.problem === null && !mappingBlocked;
  const checkedReport = state.phase === 'checked' ? state.report : null;
  const changing = checkedReport ? checkedReport.created + checkedReport.updated : 0;
  const announcement =
    state.phase === 'checked' || state.phase === 'imported' || state.phase === 'refused'
      ? reportHeadline(t, state.phase, state.report)
      : '';

  return (
    <div className="space-y-5">
      {/* The result of a check or import in one sentence, for screen readers. */}
      <p aria-live="polite" className="sr-only" data-testid="import-announcement">
        {announcement}
      </p>

      <Step title={t('importer.steps.file')}>
        {file.chosen ? (
          <FileSummary
            name={file.chosen.file.name}
            size={file.chosen.file.size}
            rows={file.rows}
            format={file.chosen.format}
            disabled={busy}
            onFormat={(format: ImportFormat) => {
              forget();
              file.setFormat(format);
            }}
            onChooseAnother={startOver}
          />
        ) : (
          <FileDropZone
            focusOnShow={pickerFocus}
            onFile={(chosen) => {
              forget();
              void file.choose(chosen);
            }}
          />
        )}
        {file.reading && (
          <p role="status" className="mt-3 text-sm text-gray-600">
            {t('importer.file.reading')}
          </p>
        )}
        {problem && <FileProblemAlert problem={problem} />}
      </Step>

      {file.needsMapping && file.table && (
        <Step title={t('importer.steps.columns')}>
          <ColumnMappingTable
            header={file.table.header}
            sample={file.table.records[0] ?? []}
            mapping={file.mapping}
            problems={file.mappingProblems}
            fields={file.fields}
            onChange={(index, target) => {
              forget();
              file.setColumn(index, target);
            }}
          />
        </Step>
      )}

      {file.chosen && (
        <Step title={t('importer.steps.status')}>
          <StatusChoice
            value={status}
            // A check does not depend on the status (it only says what would be created): it stays.
            onChange={setStatus}
          />
        </Step>
      )}

      {file.chosen && (
        <Step title={t('importer.steps.run')} testId="import-run-step">
          <p className="text-sm text-gray-700">{t('importer.run.intro')}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              data-testid="import-check"
              onClick={check}
              disabled={!canCheck}
              // Not disabled while busy: that would drop the keyboard focus. A click then does nothing.
              aria-disabled={busy || undefined}
              className={`${state.phase === 'checked' ? buttonStyles.secondary : buttonStyles.primary} aria-disabled:cursor-wait aria-disabled:opacity-50`}
            >
              {t(state.phase === 'checked' ? 'importer.run.checkAgain' : 'importer.run.check')}
            </button>
            {checkedReport && changing > 0 && checkedReport.refused.length === 0 && (
              <button
                type="button"
                data-testid="import-run"
                onClick={runImport}
                className={buttonStyles.primary}
              >
                {t(status === 'published' ? 'importer.run.importPublished' : 'importer.run.importPending', {
                  count: changing,
                })}
              </button>
            )}
          </div>
          {checkedReport && checkedReport.refused.length > 0 && (
            <p className="mt-2 text-sm text-gray-700">{t('importer.run.fixFirst')}</p>
          )}

          <div className="mt-4 space-y-4">
            {busy && <ImportProgress state={state} rows={file.rows} />}
            {state.phase === 'failed' && (
              <ImportFailure
                error={state.error}
                realRun={!state.dryRun}
                onRetry={state.dryRun ? check : runImport}
              />
            )}
            {(state.phase === 'checked' || state.phase === 'imported' || state.phase === 'refused') && (
              <ImportReport
                kind={state.phase}
                report={state.report}
                sourceColumns={file.sourceColumns}
                // The Import button is gone once it is used: the focus moves to what it did.
                focusHeadline={state.phase !== 'checked'}
              />
            )}
            {state.phase === 'imported' && (
              <div className="flex flex-wrap gap-2">
                <Link href="/" className={buttonStyles.secondary}>
                  {t('importer.run.openMap')}
                </Link>
                <button type="button" onClick={startOver} className={buttonStyles.secondary}>
                  {t('importer.run.another')}
                </button>
              </div>
            )}
          </div>
        </Step>
      )}

      <Step title={t('importer.steps.recent')} testId="import-recent">
        <RecentImports />
      </Step>

      <Step title={t('importer.steps.export')} testId="import-export">
        <ExportLinks />
      </Step>
    </div>
  );
}
