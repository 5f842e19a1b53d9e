import type { Follow } from '@karta/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useToast } from '../../../components/toast/toast-context.ts';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { MapPinIcon } from '../../../components/ui/icons.tsx';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { isLinkRefusal } from '../../../lib/forms/link-refusal.ts';
import { formErrorMessage } from '../../../lib/forms/problem-messages.ts';
import { useEndFollow } from '../api/end-follow.ts';
import { useFollows } from '../api/list-follows.ts';
import { FollowLinkInvalid } from './follow-link-invalid.tsx';
import { FollowRow } from './follow-row.tsx';

/**
 * The follows of the address a "manage your follows" link was sent to, each with End. An ended
 * follow leaves the list and focus goes to the list, as the button that had it is gone.
 */
export function FollowsList({ token }: { token: string }) {
  const { t } = useTranslation();
  const showToast = useToast();
  const follows = useFollows(token);
  const end = useEndFollow(token);
  const listRef = useRef<HTMLUListElement>(null);

  const endFollow = (follow: Follow) => {
    if (end.isPending) return;
    // The promise, not mutate's callbacks: those are skipped once this list has unmounted.
    end.mutateAsync(follow.id).then(
      () => {
        showToast(t('follows.manage.ended'));
        listRef.current?.focus();
      },
      (error: unknown) => showToast(formErrorMessage(t, error)),
    );
  };

  if (follows.isPending) return <LoadingState label={t('follows.manage.loading')} />;
  if (follows.isError) {
    if (isLinkRefusal(follows.error, 'not_found')) {
      return (
        <div className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
          <FollowLinkInvalid link="manage" />
        </div>
      );
    }
    return (
      <QueryErrorState
        title={t('follows.manage.loadFailed')}
        error={follows.error}
        onRetry={() => void follows.refetch()}
      />
    );
  }
  if (follows.data.length === 0) {
    return (
      <EmptyState
        icon={<MapPinIcon className="size-6" />}
        title={t('follows.manage.empty')}
        body={t('follows.manage.emptyBody')}
        className="rounded-xl border border-gray-200 bg-white"
        action={
          <Link href="/" className={buttonStyles.primary}>
            {t('follows.toMap')}
          </Link>
        }
      />
    );
  }
  return (
    <ul
      ref={listRef}
      tabIndex={-1}
      data-testid="follows-list"
      aria-label={t('follows.manage.title')}
      className="flex flex-col gap-3 focus:outline-none"
    >
      {follows.data.map((follow) => (
        <FollowRow
          key={follow.id}
          follow={follow}
          ending={end.isPending && end.variables === follow.id}
          onEnd={endFollow}
        />
      ))}
    </ul>
  );
}
