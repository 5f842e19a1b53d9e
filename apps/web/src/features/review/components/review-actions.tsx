import { ApiError } from '@karta/api-client';
import type { PlaceHold, PlaceListItem } from '@karta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { useTransitionPlace } from '../api/transition-place.ts';
import { ReasonField, useReason } from './reason-field.tsx';

type Move = 'published' | 'rejected' | 'archived';

interface ReviewActionsProps {
  place: PlaceListItem;
  /** Another moderator has the place open: the moves wait until they decide or let go. */
  heldBy?: PlaceHold | undefined;
  /** Another moderator acted first (409): the lists reload; the caller tells the reader. */
  onConflict(place: PlaceListItem, typedReason: string): void;
  /** A move succeeded. */
  onDone(place: PlaceListItem, move: Move): void;
}

/** Whether a 400 names the reason field. */
function blamesReason(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.code !== 'validation_error') return false;
  const details = error.details;
  return Array.isArray(details) && details.some((issue) => (issue as { path?: unknown }).path === 'reason');
}

/**
 * What a moderator may do with a place in its status: publish or reject (with a reason the author
 * reads) a pending one, archive a published one, restore an archived one. The reason field keeps
 * what was typed through any error, a conflict included.
 */
export function ReviewActions({ place, heldBy, onConflict, onDone }: ReviewActionsProps) {
  const { t } = useTranslation();
  const transition = useTransitionPlace();
  const reason = useReason();
  const [error, setError] = useState<string | null>(null);
  const [pendingMove, setPendingMove] = useState<Move | null>(null);

  const blocked = transition.isPending || heldBy !== undefined;
  // Another moderator's place looks out of reach, not merely busy.
  const held = heldBy ? 'cursor-not-allowed opacity-50' : '';
  const run = (to: Move | 'restore') => {
    if (blocked) return;
    const move: Move = to === 'restore' ? 'published' : to;
    const trimmed = reason.trimmed;
    if (move === 'rejected' && trimmed === '') {
      reason.flag();
      return;
    }
    setError(null);
    setPendingMove(move);
    // Not mutate()'s own callbacks: they are dropped once this card has unmounted, and the list
    // reloads without the place before the move's promise settles.
    transition
      .mutateAsync({
        id: place.id,
        to: move,
        version: place.version,
        reason: move === 'rejected' ? trimmed : undefined,
      })
      .then(
        () => onDone(place, move),
        (failure: unknown) => {
          if (failure instanceof ApiError && failure.code === 'conflict') {
            onConflict(place, reason.value);
            setError(t('review.conflictHere'));
          } else if (blamesReason(failure)) {
            reason.flag();
          } else {
            setError(t(errorMessageKey(failure)));
          }
        },
      )
      .finally(() => setPendingMove(null));
  };

  const busy = (move: Move) => (pendingMove === move ? <Spinner className="size-4" /> : null);

  return (
    <div className="space-y-3">
      {place.status === 'pending' && (
        <ReasonField
          label={t('review.reasonLabel')}
          hint={t('review.reasonHint')}
          testId="reject-reason"
          {...reason.field}
          onSubmit={() => run('rejected')}
        />
      )}
      {heldBy && (
        <p data-testid="held-note" className="text-sm text-gray-700">
          {t('review.hold.waitFor', { name: heldBy.holder.displayName })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {place.status === 'pending' && (
          <>
            <button
              type="button"
              data-testid="publish"
              className={`${buttonStyles.primary} ${held}`}
              aria-disabled={blocked || undefined}
              onClick={() => run('published')}
            >
              {busy('published')}
              {t('review.actions.publish')}
            </button>
            <button
              type="button"
              data-testid="reject"
              className={`${buttonStyles.secondary} text-red-800 ${held}`}
              aria-disabled={blocked || undefined}
              onClick={() => run('rejected')}
            >
              {busy('rejected')}
              {t('review.actions.reject')}
            </button>
          </>
        )}
        {place.status === 'published' && (
          <button
            type="button"
            data-testid="archive"
            className={buttonStyles.secondary}
            aria-disabled={blocked || undefined}
            onClick={() => run('archived')}
          >
            {busy('archived')}
            {t('review.actions.archive')}
          </button>
        )}
        {place.status === 'archived' && (
          <button
            type="button"
            data-testid="restore"
            className={buttonStyles.primary}
            aria-disabled={blocked || undefined}
            onClick={() => run('restore')}
          >
            {busy('published')}
            {t('review.actions.restore')}
          </button>
        )}
      </div>
      <div role="alert" data-testid="review-error">
        {error && (
          <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{error}</p>
        )}
      </div>
    </div>
  );
}
