import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { ShowMoreButton } from '../../../components/ui/show-more-button.tsx';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { useAuditLog } from '../api/list-audit.ts';
import { auditFiltersOf } from '../utils/audit-filters.ts';
import { AuditFiltersForm } from './audit-filters-form.tsx';
import { AuditRow } from './audit-row.tsx';

/**
 * The audit log screen (admins; docs/decisions/035-audit-log.md): filters kept in the address,
 * the actions newest first with "Load more". Read only: nothing in the log can be changed.
 */
export function AuditLog() {
  const { t } = useTranslation();
  const filters = auditFiltersOf(useSearch());
  const query = useAuditLog(filters);
  const entries = query.data?.pages.flatMap((page) => page.items) ?? [];
  // Times are relative to when the answer came, so they agree with each other.
  const shownAt = query.dataUpdatedAt;

  return (
    <div className="space-y-4">
      <AuditFiltersForm filters={filters} />
      {query.isPending && <LoadingState label={t('audit.loading')} />}
      {query.isError && (
        <QueryErrorState
          title={t('audit.loadFailed')}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.isSuccess &&
        (entries.length === 0 ? (
          <EmptyState className="rounded-xl border border-gray-200 bg-white" title={t('audit.empty')} />
        ) : (
          <>
            <ul data-testid="audit-list" className="space-y-3" aria-label={t('audit.listLabel')}>
              {entries.map((entry) => (
                <AuditRow key={entry.id} entry={entry} now={shownAt} filters={filters} />
              ))}
            </ul>
            {query.hasNextPage && (
              <ShowMoreButton
                testId="load-more-audit"
                loading={query.isFetchingNextPage}
                onShowMore={() => void query.fetchNextPage()}
                label={t('audit.loadMore')}
                loadingLabel={t('audit.loadingMore')}
              />
            )}
          </>
        ))}
    </div>
  );
}
