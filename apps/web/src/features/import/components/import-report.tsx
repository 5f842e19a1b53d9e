import type { ImportReport as Report } from '@karta/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { type ReportKind, reportHeadline } from '../utils/report-headline.ts';
import { GeocodingSummary } from './geocoding-summary.tsx';
import { ReportRowList } from './report-row-list.tsx';

interface ImportReportProps {
  kind: ReportKind;
  report: Report;
  sourceColumns: Readonly<Record<string, string>>;
  /** Move the focus to the one-sentence summary when the report appears. */
  focusHeadline?: boolean;
}

const COUNTS = [
  { id: 'create', key: 'created' },
  { id: 'update', key: 'updated' },
  { id: 'unchanged', key: 'unchanged' },
] as const;

/** A run's report: what it says in one sentence, the counts, then row by row. */
export function ImportReport({ kind, report, sourceColumns, focusHeadline = false }: ImportReportProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const refused = report.refused.length;
  const headline = reportHeadline(t, kind, report);
  const headlineRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (focusHeadline) headlineRef.current?.focus();
  }, [focusHeadline]);

  return (
    <section data-testid="import-report" data-kind={kind} aria-label={t(`importer.report.label.${kind}`)}>
      <div
        className={`flex gap-2 rounded-lg border p-3 text-sm ${
          refused > 0
            ? 'border-red-200 bg-red-50 text-red-900'
            : kind === 'imported'
              ? 'border-green-200 bg-green-50 text-green-900'
              : 'border-blue-200 bg-blue-50 text-blue-950'
        }`}
      >
        {refused > 0 && <AlertIcon className="mt-0.5 size-4 shrink-0" />}
        <p ref={headlineRef} tabIndex={-1} data-testid="import-headline" className="font-medium outline-none">
          {headline}
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {COUNTS.map(({ id, key }) => (
          <div key={id} className="rounded-lg border border-gray-200 bg-white px-3 py-2">
            <dt className="text-xs text-gray-600">
              {t(`importer.report.counts.${id}.${kind === 'imported' ? 'done' : 'planned'}`)}
            </dt>
            <dd
              data-testid={`import-count-${id}`}
              data-count={report[key]}
              className="text-xl font-semibold text-gray-900 tabular-nums"
            >
              {number.format(report[key])}
            </dd>
          </div>
        ))}
        <div
          className={`rounded-lg border px-3 py-2 ${refused > 0 ? 'border-red-200 bg-red-50' : 'border-gray-200 bg-white'}`}
        >
          <dt className={`text-xs ${refused > 0 ? 'text-red-800' : 'text-gray-600'}`}>
            {t('importer.report.counts.refused')}
          </dt>
          <dd
            data-testid="import-count-refused"
            data-count={refused}
            className={`text-xl font-semibold tabular-nums ${refused > 0 ? 'text-red-800' : 'text-gray-900'}`}
          >
            {number.format(refused)}
          </dd>
        </div>
      </dl>
      {report.geocoding && (
        <div className="mt-3">
          <GeocodingSummary geocoding={report.geocoding} />
        </div>
      )}
      <div className="mt-4">
        <ReportRowList report={report} sourceColumns={sourceColumns} />
      </div>
    </section>
  );
}
