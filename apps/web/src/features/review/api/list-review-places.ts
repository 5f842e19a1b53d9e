import type { PlaceListItem, PlaceStatus } from '@karta/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The statuses the review screen lists, one tab each. */
export type ReviewStatus = Extract<PlaceStatus, 'pending' | 'published' | 'archived'>;

/** What narrows a tab's list: words of the name, description or address, and categories (slugs). */
export interface ReviewFilters {
  q?: string;
  category?: string[];
}

const PAGE_SIZE = 20;

/** The most places "Select all" takes: as many as a list counts exactly. */
export const SELECT_ALL_MAX = 1000;

/** Every cached answer of the review screen: lists, histories and holds. */
export const reviewQueryKey = ['review'] as const;

/** GET /api/v1/places?status=…: one page of places in a status (moderators get every one). */
export function listReviewPlaces(
  status: ReviewStatus,
  filters: ReviewFilters,
  cursor: string | undefined,
  { signal, limit = PAGE_SIZE }: { signal?: AbortSignal; limit?: number } = {},
) {
  // The queue is worked oldest first; published and archived places are looked up, newest first.
  const order = status === 'pending' ? 'oldest' : 'newest';
  return api.listPlaces(
    { status: [status], order, limit, cursor, q: filters.q || undefined, category: filters.category },
    { signal },
  );
}

/** The places in `status` and `filters`, page by page ("Show more"), with how many there are in all. */
export function useReviewPlaces(status: ReviewStatus, filters: ReviewFilters) {
  return useInfiniteQuery({
    queryKey: [...reviewQueryKey, 'places', status, filters],
    queryFn: ({ pageParam, signal }) => listReviewPlaces(status, filters, pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** Every place of the list (up to SELECT_ALL_MAX), for "Select all", in pages of 100. */
export async function allReviewPlaces(
  status: ReviewStatus,
  filters: ReviewFilters,
): Promise<PlaceListItem[]> {
  const places: PlaceListItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await listReviewPlaces(status, filters, cursor, { limit: 100 });
    places.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && places.length < SELECT_ALL_MAX);
  return places.slice(0, SELECT_ALL_MAX);
}
