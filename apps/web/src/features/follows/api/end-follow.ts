import type { FollowList } from '@karta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { followsQueryKey } from './list-follows.ts';

/** DELETE /api/v1/follows/:id?token=…: ends one follow of the link's address; 404 when it is not one of them. */
export function endFollow(token: string, id: number) {
  return api.endFollow(id, { token });
}

/**
 * Ends one follow of a "manage your follows" link: it leaves the list at once. On a failure (it may
 * have ended meanwhile, by an unsubscribe link) the list is asked again.
 */
export function useEndFollow(token: string) {
  const queryClient = useQueryClient();
  const queryKey = followsQueryKey(token);
  return useMutation({
    mutationFn: (id: number) => endFollow(token, id),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<FollowList>(queryKey, (list) =>
        list ? { items: list.items.filter((follow) => follow.id !== id) } : list,
      ),
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}
