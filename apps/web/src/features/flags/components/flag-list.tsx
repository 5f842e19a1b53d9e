import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { useToast } from '../../../components/toast/toast-context.ts';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { TabLinks } from '../../../components/ui/tab-links.tsx';
import { type FlagStatus, useFlags } from '../api/list-flags.ts';
import { FlagItem } from './flag-item.tsx';

/** The tab in the address (`?status=resolved`); anything else is the open reports. */
export function flagStatusOf(search: string): FlagStatus {
  return new URLSearchParams(search).get('status') === 'resolved' ? 'resolved' : 'open';
}

/** The flags screen: open reports to resolve, and resolved ones to look back on. */
export function FlagList() {
  const { t } = useTranslation();
  const showToast = useToast();
  const status = flagStatusOf(useSearch());
  const query = useFlags(status);
  const tabs = [
    { value: 'open', label: t('flags.tabs.open'), href: '/flags' },
    { value: 'resolved', label: t('flags.tabs.resolved'), href: '/flags?status=resolved' },
  ];

  return (
    <div className="space-y-4">
      <TabLinks tabs={tabs} current={status} label={t('flags.tabs.label')} />
      {query.isPending && <LoadingState label={t('flags.loading')} />}
      {query.isError && (
        <QueryErrorState
          title={t('flags.loadFailed')}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.isSuccess && (
        <>
          <p data-testid="flag-count" data-count={query.data.length} className="text-sm text-gray-700">
            {t(`flags.count.${status}`, { count: query.data.length })}
          </p>
          {query.data.length === 0 ? (
            <EmptyState
              className="rounded-xl border border-gray-200 bg-white"
              title={t(`flags.empty.${status}`)}
            />
          ) : (
            <ul data-testid="flag-list" className="space-y-4">
              {query.data.map((flag) => (
                <FlagItem key={flag.id} flag={flag} onResolved={() => showToast(t('flags.resolvedToast'))} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
