import type { JobState } from '@karta/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Jobs per "Load more". */
export const JOBS_PAGE_SIZE = 50;

/** Every cached answer of the background jobs screen. */
export const jobsQueryKey = ['admin-jobs'] as const;

/** GET /api/v1/admin/jobs: newest first, of one state or all (`null`), before the job `before`. */
export function listJobs(state: JobState | null, before: number | undefined, signal?: AbortSignal) {
  return api.listJobs({ state: state ?? undefined, before, limit: JOBS_PAGE_SIZE }, { signal });
}

/**
 * The jobs of one state (or all), a page at a time: the next page is the jobs before the last one
 * shown. The counts are those of the first page's answer (refetched with it).
 */
export function useJobs(state: JobState | null) {
  return useInfiniteQuery({
    queryKey: [...jobsQueryKey, state],
    queryFn: ({ pageParam, signal }) => listJobs(state, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) =>
      page.items.length < JOBS_PAGE_SIZE ? undefined : page.items[page.items.length - 1]?.id,
  });
}
