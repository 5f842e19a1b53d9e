import type { ImportReport } from '@karta/contracts';
import type { TFunction } from 'i18next';

/** Which run a report is from: a check, an import that was written, or one refused for its rows. */
export type ReportKind = 'checked' | 'imported' | 'refused';

/** A report in one sentence: shown above it, and announced to screen readers when it arrives. */
export function reportHeadline(t: TFunction, kind: ReportKind, report: ImportReport): string {
  const refused = report.refused.length;
  if (kind === 'imported') {
    return t('importer.report.imported', { created: report.created, updated: report.updated });
  }
  if (refused > 0) {
    return t(kind === 'refused' ? 'importer.report.refusedImport' : 'importer.report.refusedCheck', {
      count: refused,
    });
  }
  const changing = report.created + report.updated;
  return changing === 0
    ? t('importer.report.nothingToDo')
    : t('importer.report.checked', { count: changing });
}
