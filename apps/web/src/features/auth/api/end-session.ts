import type { AccountSession } from '@karta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applySession } from '../../../lib/session/current-user.ts';
import { sessionsQueryKey } from './list-sessions.ts';

/** DELETE /api/v1/auth/sessions/:id: signs that browser out. */
export function endSession(id: number) {
  return api.endSession(id);
}

/**
 * Ends one of the user's sessions. Ending this browser's own session is signing out: nobody is in
 * the cache then and per-user answers are dropped, as on sign-out. Otherwise (and on a failure, as
 * the session may have ended meanwhile) the list reloads.
 */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: Pick<AccountSession, 'id' | 'current'>) => endSession(session.id),
    onSuccess: (_answer, session) =>
      session.current
        ? applySession(queryClient, null)
        : queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
    onError: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
