import type { ReviewFilters, ReviewStatus } from '../api/list-review-places.ts';

/** The review screen's tabs, in order. */
export const REVIEW_STATUSES: readonly ReviewStatus[] = ['pending', 'published', 'archived'];

/** The tab in the address (`?status=published`); anything else is the pending queue. */
export function reviewStatusOf(search: string): ReviewStatus {
  const status = new URLSearchParams(search).get('status');
  return REVIEW_STATUSES.find((known) => known === status) ?? 'pending';
}

/** The list's filters in the address: `q` (words) and `cat` (a category's slug). */
export function reviewFiltersOf(search: string): ReviewFilters {
  const params = new URLSearchParams(search);
  const q = params.get('q')?.trim();
  const category = params.get('cat')?.trim();
  return { ...(q ? { q } : {}), ...(category ? { category: [category] } : {}) };
}

/** The review screen's address for a tab and filters (the pending tab is plain `/review`). */
export function reviewHref(status: ReviewStatus, filters: ReviewFilters): string {
  const params = new URLSearchParams();
  if (status !== 'pending') params.set('status', status);
  if (filters.q) params.set('q', filters.q);
  const category = filters.category?.[0];
  if (category) params.set('cat', category);
  const query = params.toString();
  return query ? `/review?${query}` : '/review';
}
