import type { ErrorBody } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { DismissButton } from '../../../components/ui/dismiss-button.tsx';

/** What a batch decision did: how many places moved, and which did not and why. */
export interface BatchOutcome {
  move: 'published' | 'rejected';
  done: number;
  failed: { name: string; error: ErrorBody['error'] }[];
}

/** The last batch's outcome above the list, each place that was not moved named with its reason. */
export function BatchSummary({ outcome, onDismiss }: { outcome: BatchOutcome | null; onDismiss(): void }) {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid="batch-summary">
      {outcome && (
        <div
          className={`flex items-start gap-2 rounded-lg border px-3.5 py-3 text-sm ${
            outcome.failed.length > 0
              ? 'border-amber-300 bg-amber-50 text-amber-950'
              : 'border-green-200 bg-green-50 text-green-950'
          }`}
        >
          <div className="min-w-0 flex-1">
            <p className="font-medium">{t(`review.batch.done.${outcome.move}`, { count: outcome.done })}</p>
            {outcome.failed.length > 0 && (
              <>
                <p className="mt-1">
                  {t(`review.batch.failed.${outcome.move}`, { count: outcome.failed.length })}
                </p>
                <ul data-testid="batch-failures" className="mt-1 list-disc space-y-0.5 pl-5">
                  {outcome.failed.map((failure) => (
                    <li key={failure.name} className="break-words">
                      <span className="font-medium">{failure.name}</span>
                      {': '}
                      {t(`errors.codes.${failure.error.code}`)}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
          <DismissButton testId="batch-summary-dismiss" onDismiss={onDismiss} />
        </div>
      )}
    </div>
  );
}
