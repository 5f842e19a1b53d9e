import type { AccountSession } from '@karta/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context.ts';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { formErrorMessage } from '../../../lib/forms/problem-messages.ts';
import { useEndSession } from '../api/end-session.ts';
import { useSessions } from '../api/list-sessions.ts';
import { SessionRow } from './session-row.tsx';

/**
 * The signed-in user's sessions, each with Sign out. Ending another browser's session reloads the
 * list, and focus goes to the list, as the button that had it is gone; ending this browser's own
 * is signing out, which the page then shows.
 */
export function SessionsList() {
  const { t } = useTranslation();
  const showToast = useToast();
  const sessions = useSessions();
  const end = useEndSession();
  const listRef = useRef<HTMLUListElement>(null);

  const endSession = (session: AccountSession) => {
    if (end.isPending) return;
    // The promise, not mutate's callbacks: those are skipped once this list has unmounted.
    end.mutateAsync(session).then(
      () => {
        showToast(session.current ? t('auth.menu.signedOut') : t('account.sessions.ended'));
        if (!session.current) listRef.current?.focus();
      },
      (error: unknown) => showToast(formErrorMessage(t, error)),
    );
  };

  if (sessions.isPending) return <LoadingState label={t('account.sessions.loading')} />;
  if (sessions.isError) {
    return (
      <QueryErrorState
        title={t('account.sessions.loadFailed')}
        error={sessions.error}
        onRetry={() => void sessions.refetch()}
      />
    );
  }
  if (sessions.data.length === 0) return <EmptyState title={t('account.sessions.empty')} />;
  return (
    <ul
      ref={listRef}
      tabIndex={-1}
      data-testid="sessions-list"
      aria-label={t('account.sessions.title')}
      className="flex flex-col gap-3 focus:outline-none"
    >
      {sessions.data.map((session) => (
        <SessionRow
          key={session.id}
          session={session}
          ending={end.isPending && end.variables?.id === session.id}
          onEnd={endSession}
        />
      ))}
    </ul>
  );
}
