import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The cache key of the follows of a "manage your follows" link (one per token). */
export function followsQueryKey(token: string) {
  return ['follows', token] as const;
}

/** GET /api/v1/follows?token=…: every follow of the address the link was sent to; 404 for an unknown link. */
export function listFollows(token: string, signal?: AbortSignal) {
  return api.listFollows({ token }, { signal });
}

/** The follows of a "manage your follows" link, oldest first as the server lists them. */
export function useFollows(token: string) {
  return useQuery({
    queryKey: followsQueryKey(token),
    queryFn: ({ signal }) => listFollows(token, signal),
    select: (list) => list.items,
  });
}
