import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { needsCheckingQueryKey } from './confirm-place.ts';

const PAGE_SIZE = 20;

/** GET /api/v1/places/needs-checking (moderators), page by page. */
export function useNeedsChecking() {
  return useInfiniteQuery({
    queryKey: needsCheckingQueryKey,
    queryFn: ({ pageParam, signal }) =>
      api.needsChecking({ limit: PAGE_SIZE, cursor: pageParam ?? undefined }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
