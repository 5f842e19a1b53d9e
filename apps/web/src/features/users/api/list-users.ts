import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Users per page on the users screen. */
export const USERS_PAGE_SIZE = 25;

/** Every cached answer of the users screen. */
export const usersQueryKey = ['users'] as const;

/** GET /api/v1/users: newest first, optionally matching `q` (e-mail or name). */
export function listUsers(q: string, offset: number, signal?: AbortSignal) {
  return api.listUsers({ q: q || undefined, limit: USERS_PAGE_SIZE, offset }, { signal });
}

/** One page of users; the previous page stays shown while the next one loads. */
export function useUsers(q: string, offset: number) {
  return useQuery({
    queryKey: [...usersQueryKey, q, offset],
    queryFn: ({ signal }) => listUsers(q, offset, signal),
    placeholderData: keepPreviousData,
  });
}
