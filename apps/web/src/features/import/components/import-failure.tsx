import { ApiError } from '@karta/api-client';
import { FieldIssue } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { AlertIcon, RetryIcon } from '../../../components/ui/icons.tsx';
import { errorMessageKey, isUnanswered } from '../../../lib/error-message.ts';
import { IMPORT_LIMIT_MB } from '../utils/file-format.ts';
import { fileIssueText } from '../utils/file-issue-message.ts';

/** The problems of a file the server refused as a whole (400 with field issues), if that is what this is. */
function fileIssues(error: unknown): FieldIssue[] | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const issues = FieldIssue.array().safeParse(error.details);
  return issues.success && issues.data.length > 0 ? issues.data : null;
}

/**
 * A check or import that failed before any row was judged: why, in the reader's words, and Try
 * again. An import that got no answer may still have been written (the server finishes it when it
 * starts again), so it points to the list that says what became of it.
 */
export function ImportFailure({
  error,
  realRun = false,
  onRetry,
}: {
  error: unknown;
  realRun?: boolean;
  onRetry(): void;
}) {
  const { t } = useTranslation();
  const noAnswer = realRun && (isUnanswered(error) || (error instanceof ApiError && error.status >= 500));
  const issues = fileIssues(error);
  const tooLarge = error instanceof ApiError && error.status === 413;
  const title = issues
    ? t('importer.errors.fileRefused')
    : tooLarge
      ? t('importer.errors.tooLarge', { limit: IMPORT_LIMIT_MB })
      : t(errorMessageKey(error));
  return (
    <div
      role="alert"
      data-testid="import-failure"
      className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
    >
      <p className="flex gap-2 font-medium">
        <AlertIcon className="mt-0.5 size-4 shrink-0" />
        {title}
      </p>
      {issues && (
        <ul className="mt-2 list-disc space-y-1 pl-10">
          {issues.map((issue, index) => {
            const { text, original } = fileIssueText(t, issue);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the server's list, never reordered
              <li key={index} data-testid="import-file-issue" data-path={issue.path}>
                {text}
                {original && <span className="block text-xs text-red-800">{original}</span>}
              </li>
            );
          })}
        </ul>
      )}
      {noAnswer && <p className="mt-2">{t('importer.recent.noAnswer')}</p>}
      {!issues && !tooLarge && (
        <button type="button" onClick={onRetry} className={`${buttonStyles.secondary} mt-3`}>
          <RetryIcon />
          {t('errors.retry')}
        </button>
      )}
    </div>
  );
}
