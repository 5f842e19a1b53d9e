import type { PlaceListItem, PlaceTransitionOutcome } from '@karta/contracts';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { useToast } from '../../../components/toast/toast-context.ts';
import { ShowMoreButton } from '../../../components/ui/show-more-button.tsx';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { TabLinks } from '../../../components/ui/tab-links.tsx';
import { localizeText } from '../../../lib/i18n/localize-text.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { type ReviewFilters as Filters, useReviewPlaces } from '../api/list-review-places.ts';
import { usePlaceHolds } from '../api/place-holds.ts';
import { useOpenedPlace } from '../hooks/use-opened-place.ts';
import { useReviewSelection } from '../hooks/use-review-selection.ts';
import { useReviewShortcuts, useShortcutsSetting } from '../hooks/use-review-shortcuts.ts';
import type { CategoryNameOf } from '../utils/format-value.ts';
import { REVIEW_STATUSES, reviewFiltersOf, reviewHref, reviewStatusOf } from '../utils/review-address.ts';
import { BatchBar } from './batch-bar.tsx';
import { type BatchOutcome, BatchSummary } from './batch-summary.tsx';
import { ReviewFilters } from './review-filters.tsx';
import { ReviewItem, reviewCard, reviewHeadingId } from './review-item.tsx';
import type { ReviewMapSlot } from './review-spot.tsx';
import { SelectAll } from './select-all.tsx';
import { ShortcutsHelp } from './shortcuts-help.tsx';

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
 * each, narrowed by words and category. Pending places can be selected (one by one, the page, or
 * every match) and published or rejected at once; the place a moderator works on is held for them
 * and shown to others as theirs; keys move through the queue and decide
 * (docs/decisions/036-moderation-at-volume.md). When another moderator acted first, says so above
 * the list and keeps the reason typed.
 */
export function ReviewQueue({ categoryNameOf, renderMap, pendingExtra }: ReviewQueueProps) {
  const { t, i18n } = useTranslation();
  const showToast = useToast();
  const search = useSearch();
  const [, navigate] = useLocation();
  const status = reviewStatusOf(search);
  const filters = reviewFiltersOf(search);
  const query = useReviewPlaces(status, filters);
  const me = useCurrentUser().data;
  const holds = usePlaceHolds(status === 'pending');
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [outcome, setOutcome] = useState<BatchOutcome | null>(null);
  const places = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const totalIsLowerBound = query.data?.pages[0]?.totalIsLowerBound ?? false;
  const nameOf = useCallback(
    (place: PlaceListItem) => localizeText(place.name, i18n.language, place.primaryLanguage),
    [i18n.language],
  );
  const selection = useReviewSelection(nameOf);
  const [focusAfter, setFocusAfter] = useState<FocusAfter | null>(null);
  const emptyMessage = useRef<HTMLDivElement>(null);
  const deciding = status === 'pending';
  const { opened, open } = useOpenedPlace(deciding);
  const [helpOpen, setHelpOpen] = useState(false);
  const [shortcutsOn, setShortcutsOn] = useShortcutsSetting();
  const heldByOther = (place: PlaceListItem) => {
    const hold = holds.data?.get(place.id);
    return hold && hold.holder.id !== me?.id ? hold : undefined;
  };

  // Another tab or other filters: another list, whose selection starts empty.
  const listKey = `${status}|${filters.q ?? ''}|${filters.category?.join(',') ?? ''}`;
  const { clear } = selection;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list is the reason to clear
  useEffect(() => {
    clear();
    setOutcome(null);
  }, [listKey, clear]);

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

  const goTo = (step: 1 | -1) => {
    const index = places.findIndex((place) => place.id === opened);
    const next = places[index === -1 ? (step === 1 ? 0 : places.length - 1) : index + step];
    if (!next) return;
    // The focus scrolls the heading into view and opens (holds) its card.
    document.getElementById(reviewHeadingId(next.id))?.focus();
  };
  const openedCard = () => (opened === null ? null : reviewCard(opened));
  useReviewShortcuts(shortcutsOn && deciding, {
    next: () => goTo(1),
    previous: () => goTo(-1),
    publish: () => openedCard()?.querySelector<HTMLElement>('[data-testid="publish"]')?.click(),
    reject: () => {
      const card = openedCard();
      const reason = card?.querySelector<HTMLTextAreaElement>('[data-testid="reject-reason"]');
      if (reason && !reason.value.trim()) reason.focus();
      else card?.querySelector<HTMLElement>('[data-testid="reject"]')?.click();
    },
    toggleSelected: () => {
      const place = places.find((candidate) => candidate.id === opened);
      if (place) selection.toggle(place);
    },
    toggleHelp: () => setHelpOpen((was) => !was),
  });

  const decided = (move: 'published' | 'rejected', outcomes: PlaceTransitionOutcome[]) => {
    const names = new Map(selection.selected.map((place) => [place.id, place.name]));
    const failed = outcomes.filter((item) => !item.ok);
    setOutcome({
      move,
      done: outcomes.length - failed.length,
      failed: failed.map((item) => ({ name: names.get(item.id) ?? `#${item.id}`, error: item.error })),
    });
    selection.clear();
    showToast(t(`review.batch.done.${move}`, { count: outcomes.length - failed.length }));
  };

  const tabs = REVIEW_STATUSES.map((value) => ({
    value,
    label: t(`review.tabs.${value}`),
    href: reviewHref(value, filters),
  }));

  return (
    <div className="space-y-4">
      <TabLinks tabs={tabs} current={status} label={t('review.tabs.label')} />
      {status === 'pending' && pendingExtra}

      <ReviewFilters
        filters={filters}
        onChange={(next: Filters) => navigate(reviewHref(status, next), { replace: true })}
      />
      {deciding && (
        <ShortcutsHelp
          open={helpOpen}
          onToggle={() => setHelpOpen(!helpOpen)}
          enabled={shortcutsOn}
          onEnabledChange={setShortcutsOn}
        />
      )}

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
      <BatchSummary outcome={outcome} onDismiss={() => setOutcome(null)} />

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
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <p data-testid="review-count" data-count={total} className="text-sm text-gray-700">
              {t(`review.count.${status}${totalIsLowerBound ? 'AtLeast' : ''}`, { count: total })}
            </p>
            {deciding && places.length > 0 && (
              <SelectAll
                status={status}
                filters={filters}
                page={places.filter((place) => !heldByOther(place))}
                total={total}
                totalIsLowerBound={totalIsLowerBound}
                onSelect={selection.add}
              />
            )}
          </div>
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
                  selection={
                    deciding
                      ? { selected: selection.has(place.id), onToggle: () => selection.toggle(place) }
                      : undefined
                  }
                  opened={deciding && opened === place.id}
                  onOpen={deciding ? () => open(place.id) : undefined}
                  heldBy={heldByOther(place)}
                  onConflict={(stale, reason) => setConflict({ name: nameOf(stale), reason })}
                  onDone={(done, move) => {
                    setConflict(null);
                    selection.drop([done.id]);
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
      {deciding && selection.selected.length > 0 && (
        <BatchBar selected={selection.selected} onClear={selection.clear} onDecided={decided} />
      )}
    </div>
  );
}
