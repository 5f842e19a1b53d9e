import type { FieldIssue, ImportReport } from '@karta/contracts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { issueText } from '../utils/issue-message.ts';
import {
  type EntryAction,
  type EntryFilter,
  filterCounts,
  filterEntries,
  type ReportEntry,
  reportEntries,
} from '../utils/report-entries.ts';

/** Rows shown at first and added by each "Show more": a report may hold 100 000 rows. */
export const ROWS_PER_PAGE = 50;

const FILTERS: readonly EntryFilter[] = ['all', 'create', 'update', 'unchanged', 'refused'];

const BADGE_STYLES: Record<EntryAction, string> = {
  create: 'bg-green-50 text-green-800 ring-green-200',
  update: 'bg-blue-50 text-blue-800 ring-blue-200',
  unchanged: 'bg-gray-100 text-gray-700 ring-gray-200',
  refused: 'bg-red-50 text-red-800 ring-red-200',
};

interface ReportRowListProps {
  report: ImportReport;
  /** Karta column → the file's own name for it, when the columns were mapped. */
  sourceColumns: Readonly<Record<string, string>>;
}

/**
 * The report row by row, in file order: what each row does (or why it is refused), a filter by
 * action, and the first rows with "Show more", so even a huge file renders at once.
 */
export function ReportRowList({ report, sourceColumns }: ReportRowListProps) {
  const { t, i18n } = useTranslation();
  const filterId = useId();
  const entries = useMemo(() => reportEntries(report), [report]);
  const counts = filterCounts(report);
  const [filter, setFilter] = useState<EntryFilter>(report.refused.length > 0 ? 'refused' : 'all');
  const [shown, setShown] = useState(ROWS_PER_PAGE);
  const visible = useMemo(() => filterEntries(entries, filter), [entries, filter]);
  const number = new Intl.NumberFormat(i18n.language);
  const left = visible.length - shown;

  return (
    <div data-testid="import-rows">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-gray-900">{t('importer.rows.heading')}</h3>
        <div className="flex items-center gap-2">
          <label htmlFor={filterId} className="text-sm text-gray-700">
            {t('importer.rows.filter')}
          </label>
          <select
            id={filterId}
            data-testid="import-row-filter"
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value as EntryFilter);
              setShown(ROWS_PER_PAGE);
            }}
            className="h-9 rounded-lg border border-gray-300 bg-white px-2 text-sm text-gray-900"
          >
            {FILTERS.map((option) => (
              <option key={option} value={option}>
                {t('importer.rows.filterOption', {
                  label: t(`importer.rows.filters.${option}`),
                  count: counts[option],
                })}
              </option>
            ))}
          </select>
        </div>
      </div>
      {visible.length === 0 ? (
        <p className="mt-3 text-sm text-gray-600">{t('importer.rows.none')}</p>
      ) : (
        <ol className="mt-3 divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white">
          {visible.slice(0, shown).map((entry) => (
            <EntryItem key={entry.row} entry={entry} sourceColumns={sourceColumns} />
          ))}
        </ol>
      )}
      {left > 0 && (
        <button
          type="button"
          data-testid="import-show-more"
          onClick={() => setShown((count) => count + ROWS_PER_PAGE)}
          className={`${buttonStyles.secondary} mt-3`}
        >
          {t('importer.rows.showMore', {
            count: Math.min(left, ROWS_PER_PAGE),
            left: number.format(left),
          })}
        </button>
      )}
    </div>
  );
}

function EntryItem({
  entry,
  sourceColumns,
}: {
  entry: ReportEntry;
  sourceColumns: ReportRowListProps['sourceColumns'];
}) {
  const { t } = useTranslation();
  return (
    <li
      data-testid="import-row"
      data-row={entry.row}
      data-action={entry.action}
      className="px-3 py-2.5 text-sm"
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="inline-block min-w-[4.5rem] font-medium text-gray-900 tabular-nums">
          {t('importer.rows.row', { row: entry.row })}
        </span>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${BADGE_STYLES[entry.action]}`}
        >
          {t(`importer.rows.actions.${entry.action}`)}
        </span>
        {entry.externalId !== undefined && (
          <span className="min-w-0 break-all text-gray-700">{entry.externalId}</span>
        )}
      </div>
      {entry.changed && entry.changed.length > 0 && (
        <p className="mt-1 text-gray-600">
          {t('importer.rows.changes', {
            fields: entry.changed.map((field) => t(`importer.fields.${field}`)).join(', '),
          })}
        </p>
      )}
      {entry.errors && (
        <ul className="mt-1 space-y-1">
          {entry.errors.map((issue, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row's issues never reorder
            <IssueLine key={index} issue={issue} sourceColumns={sourceColumns} />
          ))}
        </ul>
      )}
    </li>
  );
}

function IssueLine({
  issue,
  sourceColumns,
}: {
  issue: FieldIssue;
  sourceColumns: ReportRowListProps['sourceColumns'];
}) {
  const { t } = useTranslation();
  const { text, original } = issueText(t, issue);
  const fileColumn = sourceColumns[issue.path];
  const rowWide = issue.path.startsWith('(');
  return (
    <li data-testid="import-issue" data-path={issue.path} className="text-red-800">
      {!rowWide && (
        <>
          <code className="rounded bg-red-50 px-1 font-mono text-xs text-red-900">{issue.path}</code>
          {fileColumn && fileColumn !== issue.path && (
            <span className="text-gray-700"> {t('importer.rows.yourColumn', { column: fileColumn })}</span>
          )}
          {': '}
        </>
      )}
      <span>{text}</span>
      {original && (
        <span className="block text-xs text-gray-600">
          {t('importer.rows.serverSaid', { message: original })}
        </span>
      )}
    </li>
  );
}
