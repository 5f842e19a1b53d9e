import type { PlaceListItem } from '@karta/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { MapPinIcon } from '../../../components/ui/icons.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states.tsx';
import { errorMessageKey, isUnanswered } from '../../../lib/error-message.ts';
import { useMyPlaces } from '../api/list-my-places.ts';
import { useResubmitPlace } from '../api/resubmit-place.ts';
import { SubmissionItem } from './submission-item.tsx';

interface MySubmissionsListProps {
  /** The category's name in the reader's language, by id (given by the app). */
  categoryNameOf?(categoryId: number): string | undefined;
}

/** The signed-in user's places, newest first, with Edit and Resubmit; an invitation when empty. */
export function MySubmissionsList({ categoryNameOf }: MySubmissionsListProps) {
  const { t } = useTranslation();
  const places = useMyPlaces(true);
  const resubmit = useResubmitPlace();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  if (places.isPending) return <LoadingState label={t('mySubmissions.loading')} />;
  // Offline, the drafts above are what this device holds; the list on Karta waits for the network.
  if (places.isError && isUnanswered(places.error))
    return (
      <p data-testid="my-submissions-offline" className="rounded-lg bg-gray-50 p-3 text-sm text-gray-700">
        {t('mySubmissions.offline')}
      </p>
    );
  if (places.isError)
    return (
      <ErrorState
        title={t(errorMessageKey(places.error))}
        action={
          <button type="button" onClick={() => void places.refetch()} className={buttonStyles.secondary}>
            {t('errors.retry')}
          </button>
        }
      />
    );

  const items = places.data.pages.flatMap((page) => page.items);
  const total = places.data.pages[0]?.total ?? 0;
  // Past the server's count bound the total is "1 000+" (at least that many).
  const atLeast = places.data.pages[0]?.totalIsLowerBound ? 'AtLeast' : '';
  if (items.length === 0)
    return (
      <EmptyState
        icon={<MapPinIcon className="size-6" />}
        title={t('mySubmissions.empty')}
        body={t('mySubmissions.emptyBody')}
        action={
          <Link href="/propose" data-testid="propose-place" className={buttonStyles.primary}>
            {t('mySubmissions.propose')}
          </Link>
        }
      />
    );

  const onResubmit = (place: PlaceListItem) => {
    setNotice(null);
    resubmit.mutate(
      { id: place.id, version: place.version },
      {
        onSuccess: () => setNotice({ ok: true, text: t('mySubmissions.resubmitted') }),
        onError: (error) => {
          setNotice({ ok: false, text: t(errorMessageKey(error)) });
          noticeRef.current?.focus();
        },
      },
    );
  };

  return (
    <div>
      <p className="text-sm text-gray-600" data-testid="submission-count">
        {t(`mySubmissions.count${atLeast}`, { count: total })}
      </p>
      <div ref={noticeRef} tabIndex={-1} role="status" className="focus:outline-none">
        {notice && (
          <p
            data-testid={notice.ok ? 'resubmit-done' : 'resubmit-error'}
            className={`mt-3 rounded-lg p-3 text-sm font-medium ${notice.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
          >
            {notice.text}
          </p>
        )}
      </div>
      <ul data-testid="my-submissions" className="mt-3 space-y-3">
        {items.map((place) => (
          <SubmissionItem
            key={place.id}
            place={place}
            categoryName={categoryNameOf?.(place.categoryId)}
            resubmitting={resubmit.isPending && resubmit.variables?.id === place.id}
            onResubmit={onResubmit}
          />
        ))}
      </ul>
      {places.hasNextPage && (
        <button
          type="button"
          data-testid="show-more-submissions"
          disabled={places.isFetchingNextPage}
          onClick={() => void places.fetchNextPage()}
          className={`${buttonStyles.secondary} mt-4`}
        >
          {t('mySubmissions.showMore')}
        </button>
      )}
    </div>
  );
}
