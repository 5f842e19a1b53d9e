import type { NeedsCheckingItem } from '@karta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useToast } from '../../../components/toast/toast-context.ts';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { ShowMoreButton } from '../../../components/ui/show-more-button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { placeName } from '../../../lib/places/place-text.ts';
import { useConfirmPlace } from '../api/confirm-place.ts';
import { useNeedsChecking } from '../api/needs-checking.ts';
import { confirmedAgo } from '../utils/confirmed-ago.ts';

/** One place to check: why (reports, age) and what a moderator can do (still here, edit). */
function NeedsCheckingRow({ place, now }: { place: NeedsCheckingItem; now: number }) {
  const { t, i18n } = useTranslation();
  const showToast = useToast();
  const confirm = useConfirmPlace(place.id);
  const name = placeName(place, i18n.language);
  return (
    <li data-testid="needs-checking-item" data-place-id={place.id} className="p-4">
      <Link
        to={`/places/${place.id}`}
        className="font-semibold text-blue-800 underline-offset-2 hover:underline"
      >
        {name}
      </Link>
      {place.address && <p className="text-sm text-gray-600">{place.address}</p>}
      {place.notHereCount > 0 && (
        <p data-testid="not-here-count" className="mt-1 text-sm font-medium text-red-800">
          {t('freshness.queue.notHere', { count: place.notHereCount })}
        </p>
      )}
      <p className={`mt-1 text-sm ${place.stale ? 'text-amber-800' : 'text-gray-700'}`}>
        {t('freshness.confirmed', { ago: confirmedAgo(place.lastConfirmedAt, now, i18n.language) })}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          data-testid="check-still-here"
          className={buttonStyles.secondary}
          disabled={confirm.isPending}
          onClick={() =>
            confirm.mutate(true, { onSuccess: () => showToast(t('freshness.queue.checked', { name })) })
          }
        >
          {confirm.isPending && <Spinner className="size-4" />}
          {t('freshness.stillHere')}
        </button>
        <Link to={`/places/${place.id}/edit`} className={buttonStyles.secondary}>
          {t('freshness.queue.edit')}
        </Link>
      </div>
      {confirm.isError && (
        <p role="alert" className="mt-1.5 text-sm text-red-700">
          {t(errorMessageKey(confirm.error))}
        </p>
      )}
    </li>
  );
}

/**
 * The "Needs checking" queue: published places visitors say are gone (most reports first), then
 * those nobody has confirmed for a long time (the oldest first).
 */
export function NeedsCheckingList() {
  const { t } = useTranslation();
  const query = useNeedsChecking();
  const [now] = useState(() => Date.now());
  if (query.isPending) return <LoadingState label={t('freshness.queue.loading')} />;
  if (query.isError) {
    return (
      <QueryErrorState
        title={t('freshness.queue.loadFailed')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const places = query.data.pages.flatMap((page) => page.items);
  if (places.length === 0) {
    return (
      <EmptyState className="rounded-xl border border-gray-200 bg-white" title={t('freshness.queue.empty')} />
    );
  }
  return (
    <div className="overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
      <ul data-testid="needs-checking" className="divide-y divide-gray-200">
        {places.map((place) => (
          <NeedsCheckingRow key={place.id} place={place} now={now} />
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="border-t border-gray-200 p-3 text-center">
          <ShowMoreButton loading={query.isFetchingNextPage} onShowMore={() => void query.fetchNextPage()} />
        </div>
      )}
    </div>
  );
}
