import type { PlaceListItem } from '@karta/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { useToast } from '../../../components/toast/toast-context.ts';
import { ShowMoreButton } from '../../../components/ui/show-more-button.tsx';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { TabLinks } from '../../../components/ui/tab-links.tsx';
import { localizeText } from '../../../lib/i18n/localize-text.ts';
import { type ReviewStatus, useReviewPlaces } from '../api/list-review-places.ts';
import type { CategoryNameOf } from '../utils/format-value.ts';
import { ReviewItem, reviewHeadingId } from './review-item.tsx';
import type { ReviewMapSlot } from './review-spot.tsx';

const STATUSES: readonly ReviewStatus[] = ['pending', 'published', 'archived'];

/** The tab in the address (`?status=published`); anything else is the pending queue. */
export function reviewStatusOf(search: string): ReviewStatus {
  const status = new URLSearchParams(search).get('status');
  return STATUSES.find((known) => known === status) ?? 'pending';
}

interface Conflict {
  name: string;
  reason: string;
}

/** Where the focus goes once a decided place has left the list: the place after it, else the one before. */
interface FocusAfter {
  left: number;
  next: number | null;
}

interface ReviewQueueProps {
  categoryNameOf: CategoryNameOf;
  /** Draws a place's spot on a small map, in each card. */
  renderMap?: ReviewMapSlot;
  /** Shown above the pending places (the photos waiting for review). */
  pendingExtra?: ReactNode;
}

/**
 * The review screen: pending proposals oldest first, and published and archived places, one tab
 * each. When another moderator acted first, says so above the list and keeps the reason typed.
 */
export function ReviewQueue({ categoryNameOf, renderMap, pendingExtra }: ReviewQueueProps) {
  const { t, i18n } = useTranslation();
  const showToast = useToast();
  const status = reviewStatusOf(useSearch());
  const query = useReviewPlaces(status);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const places = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  // Past the server's count bound the total is "1 000+" (at least that many).
  const atLeast = query.data?.pages[0]?.totalIsLowerBound ? 'AtLeast' : '';
  const nameOf = (place: PlaceListItem) => localizeText(place.name, i18n.language, place.primaryLanguage);
  const [focusAfter, setFocusAfter] = useState<FocusAfter | null>(null);
  const emptyMessage = useRef<HTMLDivElement>(null);

  // A keyboard user goes through the queue: once the place they decided on has left the list
  // (after the reload), the next place's heading, or the "queue is empty" message, takes the focus.
  useEffect(() => {
    if (!focusAfter || !query.isSuccess || places.some((place) => place.id === focusAfter.left)) return;
    setFocusAfter(null);
    const next = places.find((place) => place.id === focusAfter.next) ?? places[0];
    const target = next ? document.getElementById(reviewHeadingId(next.id)) : emptyMessage.current;
    target?.focus();
  }, [focusAfter, places, query.isSuccess]);

  const moveFocusOnceGone = (done: PlaceListItem) => {
    const index = places.findIndex((place) => place.id === done.id);
    const next = places[index + 1] ?? places[index - 1] ?? null;
    setFocusAfter({ left: done.id, next: next?.id ?? null });
  };

  const tabs = STATUSES.map((value) => ({
    value,
    label: t(`review.tabs.${value}`),
    href: value === 'pending' ? '/review' : `/review?status=${value}`,
  }));

  return (
    <div className="space-y-4">
      <TabLinks tabs={tabs} current={status} label={t('review.tabs.label')} />
      {status === 'pending' && pendingExtra}

      <div role="status" data-testid="review-conflict">
        {conflict && (
          <div className="rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-3 text-sm text-amber-950">
            <p className="font-medium">{t('review.conflict', { name: conflict.name })}</p>
            {conflict.reason.trim() && (
              <p className="mt-1 break-words whitespace-pre-wrap">
                <span className="font-medium">{t('review.conflictReason')}</span> {conflict.reason}
              </p>
            )}
          </div>
        )}
      </div>

      {query.isPending && <LoadingState label={t('review.loading')} />}
      {query.isError && (
        <QueryErrorState
          title={t('review.loadFailed')}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.isSuccess && (
        <>
          <p data-testid="review-count" data-count={total} className="text-sm text-gray-700">
            {t(`review.count.${status}${atLeast}`, { count: total })}
          </p>
          {places.length === 0 ? (
            <div ref={emptyMessage} tabIndex={-1} data-testid="review-empty">
              <EmptyState
                className="rounded-xl border border-gray-200 bg-white"
                title={t(`review.empty.${status}`)}
              />
            </div>
          ) : (
            <ul data-testid="review-list" className="space-y-4">
              {places.map((place) => (
                <ReviewItem
                  key={place.id}
                  place={place}
                  categoryNameOf={categoryNameOf}
                  renderMap={renderMap}
                  onConflict={(stale, reason) => setConflict({ name: nameOf(stale), reason })}
                  onDone={(done, move) => {
                    setConflict(null);
                    moveFocusOnceGone(done);
                    showToast(t(`review.done.${move}`, { name: nameOf(done) }));
                  }}
                />
              ))}
            </ul>
          )}
          {query.hasNextPage && (
            <div className="flex justify-center">
              <ShowMoreButton
                testId="review-show-more"
                loading={query.isFetchingNextPage}
                onShowMore={() => void query.fetchNextPage()}
                label={t('review.showMore')}
                loadingLabel={t('review.loadingMore')}
              />
            </div>
          )}
        </>
      )}
    </div>
  );
}
