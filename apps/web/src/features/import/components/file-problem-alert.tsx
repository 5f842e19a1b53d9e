import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import type { FileProblem } from '../hooks/use-import-file.ts';
import { IMPORT_LIMIT_MB } from '../utils/file-format.ts';

/** Why the chosen file cannot be sent, found in the browser before any upload. */
export function FileProblemAlert({ problem }: { problem: FileProblem }) {
  const { t, i18n } = useTranslation();
  const message = (() => {
    switch (problem.kind) {
      case 'tooLarge':
        return t('importer.problems.tooLarge', { limit: IMPORT_LIMIT_MB });
      case 'unreadable':
        return t('importer.problems.unreadable');
      case 'empty':
        return t('importer.problems.empty');
      case 'unclosedQuote':
        return problem.row === 0
          ? t('importer.problems.unclosedQuoteHeader')
          : t('importer.problems.unclosedQuote', { row: problem.row });
      case 'cellCount':
        return t('importer.problems.cellCount', {
          count: problem.rows.length,
          rows: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(problem.rows.map(String)),
          expected: problem.expected,
        });
    }
  })();
  return (
    <p
      role="alert"
      data-testid="import-file-problem"
      data-problem={problem.kind}
      className="mt-3 flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-900"
    >
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}
