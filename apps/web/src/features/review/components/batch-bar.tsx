import type { PlaceTransitionOutcome } from '@karta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { useTransitionPlaces } from '../api/transition-places.ts';
import type { SelectedPlace } from '../hooks/use-review-selection.ts';
import { ReasonField, useReason } from './reason-field.tsx';

type BatchMove = 'published' | 'rejected';

interface BatchBarProps {
  selected: readonly SelectedPlace[];
  onClear(): void;
  /** The decisions were sent: every place's outcome, in the order of `selected`. */
  onDecided(move: BatchMove, outcomes: PlaceTransitionOutcome[]): void;
}

/**
 * What to do with the selected places: publish them all, or reject them all with one reason the
 * authors read. Kept at the bottom of the screen while the moderator scrolls the list.
 */
export function BatchBar({ selected, onClear, onDecided }: BatchBarProps) {
  const { t } = useTranslation();
  const decide = useTransitionPlaces();
  const [rejecting, setRejecting] = useState(false);
  const reason = useReason();
  const [error, setError] = useState<string | null>(null);
  const [move, setMove] = useState<BatchMove | null>(null);
  const count = selected.length;

  const run = (to: BatchMove) => {
    if (decide.isPending) return;
    const trimmed = reason.trimmed;
    if (to === 'rejected' && !trimmed) {
      reason.flag();
      return;
    }
    setError(null);
    setMove(to);
    decide
      .mutateAsync({
        to,
        items: selected.map(({ id, version }) => ({ id, version })),
        reason: to === 'rejected' ? trimmed : undefined,
      })
      .then(
        (outcomes) => {
          setRejecting(false);
          reason.clear();
          onDecided(to, outcomes);
        },
        (failure: unknown) => setError(t(errorMessageKey(failure))),
      )
      .finally(() => setMove(null));
  };

  return (
    <section
      aria-label={t('review.batch.label')}
      data-testid="batch-bar"
      className="sticky bottom-0 z-20 -mx-4 border-t border-gray-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.08)] backdrop-blur sm:bottom-3 sm:mx-0 sm:rounded-xl sm:border"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p data-testid="batch-count" className="mr-auto text-sm font-medium text-gray-900">
          {t('review.batch.selected', { count })}
        </p>
        <button
          type="button"
          data-testid="batch-publish"
          className={buttonStyles.primary}
          aria-disabled={decide.isPending || undefined}
          onClick={() => run('published')}
        >
          {move === 'published' && <Spinner className="size-4" />}
          {t('review.batch.publish', { count })}
        </button>
        <button
          type="button"
          data-testid="batch-reject"
          className={`${buttonStyles.secondary} text-red-800`}
          aria-expanded={rejecting}
          aria-disabled={decide.isPending || undefined}
          onClick={() => {
            setRejecting(!rejecting);
            if (!rejecting) requestAnimationFrame(reason.focus);
          }}
        >
          {t('review.batch.reject', { count })}
        </button>
        <button type="button" data-testid="batch-clear" className={buttonStyles.secondary} onClick={onClear}>
          {t('review.batch.clear')}
        </button>
      </div>
      {rejecting && (
        <div className="mt-3">
          <ReasonField
            label={t('review.batch.reasonLabel', { count })}
            testId="batch-reason"
            {...reason.field}
            onSubmit={() => run('rejected')}
          />
          <div className="mt-2 flex justify-end">
            <button
              type="button"
              data-testid="batch-reject-confirm"
              className={`${buttonStyles.primary} bg-red-700 hover:bg-red-800`}
              aria-disabled={decide.isPending || undefined}
              onClick={() => run('rejected')}
            >
              {move === 'rejected' && <Spinner className="size-4" />}
              {t('review.batch.rejectConfirm', { count })}
            </button>
          </div>
        </div>
      )}
      <div role="alert">{error && <p className="mt-2 text-sm text-red-800">{error}</p>}</div>
    </section>
  );
}
