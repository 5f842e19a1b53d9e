import type { FieldIssue } from '@karta/contracts';
import type { TFunction } from 'i18next';
import type { IssueText } from './issue-message.ts';

/**
 * A problem with the file as a whole (the server's 400: a header it does not read, text that is not
 * CSV or JSON, not a FeatureCollection) in the reader's language; the server's words are kept
 * beside a translation when they carry the detail (a parser's position).
 */
export function fileIssueText(t: TFunction, issue: FieldIssue): IssueText {
  const column = issue.path;
  switch (issue.message) {
    case 'Not a column Karta knows':
      return { text: t('importer.fileIssues.unknownColumn', { column }) };
    case 'The column appears twice':
      return { text: t('importer.fileIssues.repeatedColumn', { column }) };
    case 'The column is missing':
      return { text: t('importer.fileIssues.missingColumn', { column }) };
    case 'The file is empty':
      return { text: t('importer.fileIssues.empty') };
  }
  if (issue.message.startsWith('A name column')) return { text: t('importer.fileIssues.missingName') };
  if (issue.message.startsWith('Expected a GeoJSON FeatureCollection'))
    return { text: t('importer.fileIssues.notCollection') };
  if (issue.path === '(file)') return { text: t('importer.fileIssues.unreadable'), original: issue.message };
  return { text: issue.message };
}
