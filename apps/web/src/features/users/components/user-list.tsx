import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { USERS_PAGE_SIZE, useUsers } from '../api/list-users.ts';
import { UserRow } from './user-row.tsx';

/** How long typing must pause before the search is sent. */
const SEARCH_DELAY_MS = 300;

/** The users screen (admins): search by e-mail or name, page through, change roles, disable. */
export function UserList({ currentUserId }: { currentUserId: number }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const query = useUsers(q, offset);
  const searchId = useId();

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(typed.trim());
      setOffset(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const total = query.data?.total ?? 0;
  const shownTo = Math.min(offset + USERS_PAGE_SIZE, total);

  return (
    <div className="space-y-4">
      <search>
        <label htmlFor={searchId} className="block text-sm font-medium text-gray-800">
          {t('users.search')}
        </label>
        <input
          id={searchId}
          type="search"
          data-testid="user-search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={t('users.searchPlaceholder')}
          className="mt-1 block h-10 w-full rounded-lg border border-gray-300 px-3 text-sm sm:max-w-md"
        />
      </search>
      {query.isPending && <LoadingState label={t('users.loading')} />}
      {query.isError && (
        <QueryErrorState
          title={t('users.loadFailed')}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.data && (
        <>
          <p data-testid="user-count" data-count={total} className="text-sm text-gray-700" aria-live="polite">
            {total > USERS_PAGE_SIZE
              ? t('users.countRange', { from: offset + 1, to: shownTo, count: total })
              : t('users.count', { count: total })}
          </p>
          {query.data.items.length === 0 ? (
            <EmptyState className="rounded-xl border border-gray-200 bg-white" title={t('users.empty')} />
          ) : (
            <ul data-testid="user-list" className="space-y-3">
              {query.data.items.map((user) => (
                <UserRow key={user.id} user={user} isSelf={user.id === currentUserId} />
              ))}
            </ul>
          )}
          {total > USERS_PAGE_SIZE && (
            <div className="flex justify-between gap-2">
              <button
                type="button"
                data-testid="users-previous"
                className={buttonStyles.secondary}
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - USERS_PAGE_SIZE))}
              >
                {t('users.previous')}
              </button>
              <button
                type="button"
                data-testid="users-next"
                className={buttonStyles.secondary}
                disabled={shownTo >= total}
                onClick={() => setOffset(offset + USERS_PAGE_SIZE)}
              >
                {t('users.next')}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
