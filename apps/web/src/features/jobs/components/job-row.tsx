import { ApiError } from '@karta/api-client';
import type { JobSummary } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { dateTimeFormat } from '../../../lib/i18n/intl-formats.ts';
import { relativeTime } from '../../../lib/i18n/relative-time.ts';
import { useRetryJob } from '../api/retry-job.ts';
import { kindKeyOf } from '../utils/job-kinds.ts';
import { canRunAgain } from '../utils/job-states.ts';
import { JobStateBadge } from './job-state-badge.tsx';
import type { RetryOutcome } from './retry-notice.tsx';

/** Why a retry was refused, in words: the job's own reasons first, then any error's. */
function retryErrorKey(error: unknown) {
  if (error instanceof ApiError && error.code === 'conflict') return 'jobs.retryConflict' as const;
  if (error instanceof ApiError && error.code === 'not_found') return 'jobs.retryGone' as const;
  return errorMessageKey(error);
}

/** A moment as "3 minutes ago" / "in 2 hours", the full date and time on hover and for machines. */
function When({ iso, now }: { iso: string; now: number }) {
  const { i18n } = useTranslation();
  const exact = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(
    new Date(iso),
  );
  return (
    <time dateTime={iso} title={exact}>
      {relativeTime(iso, now, i18n.language)}
    </time>
  );
}

/**
 * One job: what it does, its state in colour and words, its attempts, when it is due or finished,
 * which instance holds it, why it last failed, and "Run again" when it is dead or failing.
 */
export function JobRow({
  job,
  now,
  onRetried,
}: {
  job: JobSummary;
  now: number;
  /** Told what became of "Run again" (the list shows it, and moves the focus there). */
  onRetried(outcome: RetryOutcome): void;
}) {
  const { t } = useTranslation();
  const retry = useRetryJob();
  const kindKey = kindKeyOf(job.kind);
  const name = kindKey ? t(`jobs.kinds.${kindKey}`) : job.kind;
  const finished = job.state === 'done' || job.state === 'dead';

  const runAgain = () => {
    if (retry.isPending) return;
    retry.mutate(job.id, {
      onSuccess: () => onRetried({ text: t('jobs.retried', { name, id: job.id }), error: false }),
      onError: (error) => onRetried({ text: t(retryErrorKey(error), { id: job.id }), error: true }),
    });
  };

  return (
    <li
      data-testid="job-row"
      data-job-id={job.id}
      data-state={job.state}
      data-finished-at={job.finishedAt ?? ''}
      className="rounded-xl border border-gray-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold break-words text-gray-900" data-testid="job-kind">
            {name}
          </h2>
          <p className="text-xs text-gray-600">
            <span className="font-mono break-all">{job.kind}</span> · {t('jobs.number', { id: job.id })}
          </p>
        </div>
        <JobStateBadge state={job.state} />
      </div>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-3 gap-y-1 text-sm">
        <dt className="text-gray-600">{t('jobs.attempts')}</dt>
        <dd data-testid="job-attempts" className="text-gray-900">
          {t('jobs.attemptsOf', { attempts: job.attempts, max: job.maxAttempts })}
        </dd>
        <dt className="text-gray-600">{finished ? t('jobs.finished') : t('jobs.due')}</dt>
        <dd className="text-gray-900">
          <When iso={finished && job.finishedAt ? job.finishedAt : job.runAt} now={now} />
        </dd>
        {job.leasedBy && (
          <>
            <dt className="text-gray-600">{t('jobs.instance')}</dt>
            <dd className="font-mono text-xs break-all text-gray-900">{job.leasedBy}</dd>
          </>
        )}
      </dl>
      {job.lastError && (
        <div className="mt-3">
          <p className="text-sm text-gray-600">{t('jobs.lastError')}</p>
          <pre
            data-testid="job-error"
            className="mt-1 rounded-lg bg-gray-50 p-2 font-mono text-xs whitespace-pre-wrap break-words text-gray-900"
          >
            {job.lastError}
          </pre>
        </div>
      )}
      {canRunAgain(job.state) && (
        <button
          type="button"
          data-testid="run-job-again"
          className={`${buttonStyles.secondary} mt-3`}
          aria-disabled={retry.isPending || undefined}
          onClick={runAgain}
        >
          {retry.isPending ? t('jobs.runningAgain') : t('jobs.runAgain')}
          <span className="sr-only"> {t('jobs.runAgainWhich', { name, id: job.id })}</span>
        </button>
      )}
    </li>
  );
}
