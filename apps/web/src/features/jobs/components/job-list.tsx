import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { ShowMoreButton } from '../../../components/ui/show-more-button.tsx';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { useJobs } from '../api/list-jobs.ts';
import { jobStateOf } from '../utils/job-states.ts';
import { JobRow } from './job-row.tsx';
import { JobStateTabs } from './job-state-tabs.tsx';
import { RetryNotice, type RetryOutcome } from './retry-notice.tsx';

/**
 * The background jobs screen (admins; docs/decisions/031-one-job-queue.md): how many jobs are in
 * each state as a filter kept in the address, the jobs newest first with "Load more", and
 * "Run again" on dead and failing ones.
 */
export function JobList() {
  const { t } = useTranslation();
  const state = jobStateOf(useSearch());
  const query = useJobs(state);
  const [outcome, setOutcome] = useState<RetryOutcome | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const first = query.data?.pages[0];
  const jobs = query.data?.pages.flatMap((page) => page.items) ?? [];
  // Times are relative to when the answer came, so they agree with each other.
  const shownAt = query.dataUpdatedAt;

  // A retry's outcome takes the focus: its button is gone with the state it was for.
  useEffect(() => {
    if (outcome) noticeRef.current?.focus();
  }, [outcome]);
  // Another filter is another view: an outcome of the last one would not belong.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter is the reason to clear
  useEffect(() => setOutcome(null), [state]);

  return (
    <div className="space-y-4">
      <JobStateTabs current={state} counts={first?.counts} />
      <RetryNotice outcome={outcome} ref={noticeRef} />
      {query.isPending && <LoadingState label={t('jobs.loading')} />}
      {query.isError && (
        <QueryErrorState
          title={t('jobs.loadFailed')}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.isSuccess &&
        (jobs.length === 0 ? (
          <EmptyState
            className="rounded-xl border border-gray-200 bg-white"
            title={state ? t('jobs.emptyState', { state: t(`jobs.states.${state}`) }) : t('jobs.empty')}
          />
        ) : (
          <>
            <ul data-testid="job-list" className="space-y-3" aria-label={t('jobs.listLabel')}>
              {jobs.map((job) => (
                <JobRow key={job.id} job={job} now={shownAt} onRetried={setOutcome} />
              ))}
            </ul>
            {query.hasNextPage && (
              <ShowMoreButton
                testId="load-more-jobs"
                loading={query.isFetchingNextPage}
                onShowMore={() => void query.fetchNextPage()}
                label={t('jobs.loadMore')}
                loadingLabel={t('jobs.loadingMore')}
              />
            )}
          </>
        ))}
    </div>
  );
}
