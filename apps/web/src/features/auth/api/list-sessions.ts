import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * The cache key of the signed-in user's sessions. Not under `auth` (whose answers are the same for
 * everyone): it is per user, so signing in or out drops it with the rest.
 */
export const sessionsQueryKey = ['account', 'sessions'] as const;

/** GET /api/v1/auth/sessions: the signed-in user's live sessions, most recently used first. */
export function listSessions(signal?: AbortSignal) {
  return api.listSessions({ signal });
}

/** The signed-in user's sessions (only asked for on the account page, for a signed-in user). */
export function useSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => listSessions(signal),
    select: (list) => list.items,
  });
}
