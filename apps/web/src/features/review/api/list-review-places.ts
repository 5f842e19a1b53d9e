import type { PlaceStatus } from '@karta/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The statuses the review screen lists, one tab each. */
export type ReviewStatus = Extract<PlaceStatus, 'pending' | 'published' | 'archived'>;

const PAGE_SIZE = 20;

/** Every cached answer of the review screen: lists and histories. */
export const reviewQueryKey = ['review'] as const;

/** GET /api/v1/places?status=…: one page of places in a status (moderators get every one). */
export function listReviewPlaces(status: ReviewStatus, cursor: string | undefined, signal?: AbortSignal) {
  // The queue is worked oldest first; published and archived places are looked up, newest first.
  const order = status === 'pending' ? 'oldest' : 'newest';
  return api.listPlaces({ status: [status], order, limit: PAGE_SIZE, cursor }, { signal });
}

/** The places in `status`, page by page ("Show more"), with how many there are in all. */
export function useReviewPlaces(status: ReviewStatus) {
  return useInfiniteQuery({
    queryKey: [...reviewQueryKey, 'places', status],
    queryFn: ({ pageParam, signal }) => listReviewPlaces(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
