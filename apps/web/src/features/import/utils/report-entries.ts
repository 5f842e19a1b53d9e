import type { FieldIssue, ImportAction, ImportedField, ImportReport } from '@karta/contracts';

/** What happens to one row of the file, refused ones included. */
export type EntryAction = ImportAction | 'refused';

/** One row of the report's row-by-row list. */
export interface ReportEntry {
  row: number;
  action: EntryAction;
  externalId?: string;
  /** For an update: the fields it changes. */
  changed?: ImportedField[];
  /** For a refused row: why. */
  errors?: FieldIssue[];
}

export type EntryFilter = EntryAction | 'all';

/**
 * The report's accepted and refused rows as one list in file order. Both come sorted by row
 * number, so they are merged in one pass (a report may hold 100 000 rows).
 */
export function reportEntries(report: ImportReport): ReportEntry[] {
  const entries: ReportEntry[] = [];
  let refusedIndex = 0;
  const pushRefusedBefore = (row: number) => {
    while (refusedIndex < report.refused.length && (report.refused[refusedIndex]?.row ?? 0) < row) {
      const refusal = report.refused[refusedIndex++];
      if (refusal) entries.push({ row: refusal.row, action: 'refused', errors: refusal.errors });
    }
  };
  for (const accepted of report.rows) {
    pushRefusedBefore(accepted.row);
    entries.push(accepted);
  }
  pushRefusedBefore(Number.POSITIVE_INFINITY);
  return entries;
}

/** The entries one filter shows. */
export function filterEntries(entries: readonly ReportEntry[], filter: EntryFilter): readonly ReportEntry[] {
  return filter === 'all' ? entries : entries.filter((entry) => entry.action === filter);
}

/** How many rows each filter shows. */
export function filterCounts(report: ImportReport): Record<EntryFilter, number> {
  return {
    all: report.rows.length + report.refused.length,
    create: report.created,
    update: report.updated,
    unchanged: report.unchanged,
    refused: report.refused.length,
  };
}
