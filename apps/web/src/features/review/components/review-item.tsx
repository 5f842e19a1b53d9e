import type { PlaceHold, PlaceListItem } from '@karta/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { LoadingState } from '../../../components/ui/states.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { useSeen } from '../../../hooks/use-seen.ts';
import { useCategories } from '../../../lib/categories/get-categories.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { localizeText } from '../../../lib/i18n/localize-text.ts';
import { usePlaceHistory } from '../api/get-place-history.ts';
import { type CategoryNameOf, formatDateTime, formatTime } from '../utils/format-value.ts';
import { pendingChanges } from '../utils/pending-changes.ts';
import { PlaceDiff } from './place-diff.tsx';
import { PlaceHistory } from './place-history.tsx';
import { ReviewActions } from './review-actions.tsx';
import { type ReviewMapSlot, ReviewSpot } from './review-spot.tsx';

export interface ReviewItemProps {
  place: PlaceListItem;
  categoryNameOf: CategoryNameOf;
  onConflict(place: PlaceListItem, typedReason: string): void;
  onDone(place: PlaceListItem, move: 'published' | 'rejected' | 'archived'): void;
  /** Draws the place's spot on a small map (absent: no map). */
  renderMap?: ReviewMapSlot;
  /** Whether the place is picked for a batch decision (absent: the tab decides one by one). */
  selection?: { selected: boolean; onToggle(): void };
  /** The moderator is in this card: it is held for them. */
  opened?: boolean;
  /** The moderator entered the card (a click or the focus). */
  onOpen?(): void;
  /** Another moderator has the place open: theirs to decide. */
  heldBy?: PlaceHold;
}

/** The id of a place's heading in the list, which takes the focus when the place before it leaves. */
export const reviewHeadingId = (placeId: number) => `review-item-${placeId}`;

/** A place's card in the list, for the keys that act on the open one. */
export const reviewCard = (placeId: number) =>
  document.querySelector<HTMLElement>(`[data-testid="review-item"][data-place-id="${placeId}"]`);

/**
 * One place to judge: its name, who proposed it and when (and whether their address is proven,
 * where the site sends e-mail), where it is and any similar place near it, the change since the
 * last decision as a diff, its whole history (collapsed), and the moves its status allows.
 */
export function ReviewItem({
  place,
  categoryNameOf,
  onConflict,
  onDone,
  renderMap,
  selection,
  opened = false,
  onOpen,
  heldBy,
}: ReviewItemProps) {
  const { t, i18n } = useTranslation();
  const card = useRef<HTMLLIElement>(null);
  // The map and the duplicate check wait until the card is reached: a page holds 20 cards.
  const seen = useSeen(card);
  const { mail } = useRuntimeConfig();
  const history = usePlaceHistory(place.id, place.version);
  const name = localizeText(place.name, i18n.language, place.primaryLanguage);
  const author = history.data?.find((entry) => entry.action === 'created')?.actor;
  const category = useCategories().data?.find((candidate) => candidate.id === place.categoryId);
  const changes = history.data
    ? pendingChanges(
        history.data,
        category?.fields?.map((field) => field.key),
      )
    : null;

  return (
    <li
      ref={card}
      data-testid="review-item"
      data-place-id={place.id}
      data-status={place.status}
      data-opened={opened || undefined}
      onFocus={onOpen}
      onPointerDown={onOpen}
      className={`rounded-xl border bg-white p-4 shadow-xs sm:p-5 ${
        opened ? 'border-blue-600 ring-1 ring-blue-600' : 'border-gray-200'
      }`}
    >
      <article aria-labelledby={reviewHeadingId(place.id)} className="space-y-4">
        <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <div className="flex min-w-0 items-start gap-3">
            {selection && (
              <input
                type="checkbox"
                data-testid="review-select"
                checked={selection.selected}
                onChange={selection.onToggle}
                aria-label={t('review.batch.selectOne', { name })}
                className="mt-1.5 size-5 shrink-0"
              />
            )}
            <div className="min-w-0">
              <h2
                id={reviewHeadingId(place.id)}
                data-testid="review-item-name"
                tabIndex={-1}
                className="scroll-mt-4 text-lg font-semibold break-words text-gray-900"
              >
                {name}
              </h2>
              <p className="text-sm text-gray-600">
                {categoryNameOf(place.categoryId)}
                <span aria-hidden="true"> · </span>
                {author
                  ? t('review.proposedBy', { name: author.displayName })
                  : t('review.proposedByUnknown')}
                <span aria-hidden="true"> · </span>
                <time dateTime={place.createdAt}>{formatDateTime(place.createdAt, i18n.language)}</time>
              </p>
              {/* Only while the site sends e-mail: without it no address can be proven. */}
              {mail && place.authorVerified === false && (
                <p className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-600">
                  <span
                    data-testid="author-unverified"
                    className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900 ring-1 ring-amber-200"
                  >
                    <AlertIcon className="size-3.5" />
                    {t('review.authorUnverified')}
                  </span>
                  <span>{t('review.authorUnverifiedHint')}</span>
                </p>
              )}
              {heldBy && (
                <p className="mt-1.5">
                  <Badge look="bg-amber-50 text-amber-950 ring-amber-300" testId="held-by">
                    {t('review.hold.heldBy', {
                      name: heldBy.holder.displayName,
                      time: formatTime(heldBy.until, i18n.language),
                    })}
                  </Badge>
                </p>
              )}
            </div>
          </div>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {/* Moderators may correct any place before deciding (docs/product-rules.md §Roles). */}
            <Link
              href={`/places/${place.id}/edit`}
              data-testid="review-edit"
              className={`${buttonStyles.link} text-sm`}
            >
              {t('review.editPlace')}
            </Link>
            {place.status === 'published' && (
              <Link href={`/places/${place.id}`} className={`${buttonStyles.link} text-sm`}>
                {t('review.openPlace')}
              </Link>
            )}
          </div>
        </header>

        <ReviewSpot place={place} seen={seen} renderMap={renderMap} />

        {/* A heading, not a named region: a queue of places would hold many regions of one name. */}
        <div>
          <h3 className="sr-only">{t('review.diff.label')}</h3>
          {changes && (
            <p className="mb-2 text-sm text-gray-700">
              {changes.kind === 'new'
                ? t('review.diff.newProposal')
                : t(
                    changes.since?.action === 'rejected'
                      ? 'review.diff.sinceRejected'
                      : 'review.diff.sincePublished',
                    {
                      date: changes.since ? formatDateTime(changes.since.createdAt, i18n.language) : '',
                    },
                  )}
            </p>
          )}
          {history.isPending && <LoadingState label={t('review.loadingHistory')} className="py-4" />}
          {history.isError && (
            <p role="alert" className="text-sm text-red-800">
              {t('review.historyFailed')} {t(errorMessageKey(history.error))}
            </p>
          )}
          {changes && <PlaceDiff changes={changes} categoryNameOf={categoryNameOf} category={category} />}
        </div>

        {place.rejectionReason && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-amber-950">
            <span className="font-medium">{t('review.lastRejection')}</span> {place.rejectionReason}
          </p>
        )}

        {history.data && <PlaceHistory entries={history.data} category={category} />}

        <ReviewActions place={place} heldBy={heldBy} onConflict={onConflict} onDone={onDone} />
      </article>
    </li>
  );
}
