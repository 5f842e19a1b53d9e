import type { CurrentUser } from '@karta/contracts';
import { type QueryClient, type QueryKey, useQuery } from '@tanstack/react-query';
import { runtimeConfigQuery } from '../../config/runtime-config.ts';
import { api } from '../api-client.ts';

/** The cache key of the signed-in user (null when signed out). */
export const currentUserQueryKey = ['auth', 'me'] as const;

/** GET /api/v1/auth/me: the signed-in user, or null. */
export function getCurrentUser(signal?: AbortSignal) {
  return api.me({ signal });
}

/**
 * Who is signed in (null: nobody). A session can end elsewhere (signed out in another tab,
 * expired, disabled), so the answer is trusted for a few minutes, not for the whole visit.
 */
export function useCurrentUser() {
  return useQuery({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: 5 * 60_000,
  });
}

/** Queries whose answers do not depend on who asks. */
function sameForEveryone(queryKey: QueryKey): boolean {
  const [scope] = queryKey;
  return scope === currentUserQueryKey[0] || scope === runtimeConfigQuery.queryKey[0];
}

/**
 * Puts a new session into the cache: the user (or null) at once, so the header changes without
 * a round trip, and every answer that may differ by user is fetched again. On sign-out those
 * answers are dropped rather than kept while refetching, so nothing of the last user stays shown.
 */
export async function applySession(queryClient: QueryClient, user: CurrentUser | null): Promise<void> {
  await queryClient.cancelQueries({ queryKey: currentUserQueryKey });
  queryClient.setQueryData(currentUserQueryKey, user);
  const predicate = ({ queryKey }: { queryKey: QueryKey }) => !sameForEveryone(queryKey);
  // Not awaited: the page can move on while those refetch.
  if (user) void queryClient.invalidateQueries({ predicate });
  else void queryClient.resetQueries({ predicate });
}

/**
 * Asks the server again who is signed in, after something may have ended this browser's session
 * (a password reset ends every session of the account). Nothing to do when nobody was signed in
 * here; when the answer differs, it is applied as a new session.
 */
export async function refreshSession(queryClient: QueryClient): Promise<void> {
  const before = queryClient.getQueryData<CurrentUser | null>(currentUserQueryKey);
  if (!before) return;
  let now: CurrentUser | null;
  try {
    now = await getCurrentUser();
  } catch {
    // Asked again later, when the header next needs it.
    await queryClient.invalidateQueries({ queryKey: currentUserQueryKey, refetchType: 'none' });
    return;
  }
  if (now?.id !== before.id) await applySession(queryClient, now);
}
