import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState, LoadingState, QueryErrorState } from './states.tsx';

interface QueryListProps<T> {
  query: UseQueryResult<T[]>;
  loading: string;
  loadFailed: string;
  empty: string;
  /** The list, once it has something in it. */
  children(items: T[]): ReactNode;
}

/** A loaded list's states in one place: loading, failed with Try again, empty, or the list itself. */
export function QueryList<T>({ query, loading, loadFailed, empty, children }: QueryListProps<T>) {
  if (query.isPending) return <LoadingState label={loading} />;
  if (query.isError) {
    return <QueryErrorState title={loadFailed} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.data.length === 0) {
    return <EmptyState className="rounded-xl border border-gray-200 bg-white" title={empty} />;
  }
  return children(query.data);
}
