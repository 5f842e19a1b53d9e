import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Per user, under `account`, so signing in or out drops it with the rest. */
export const identitiesQueryKey = ['account', 'identities'] as const;

/** GET /api/v1/account/identities: the single sign-on identities linked to the account. */
export function useIdentities({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: identitiesQueryKey,
    queryFn: ({ signal }) => api.listIdentities({ signal }),
  });
}

/** DELETE /api/v1/account/identities/:id; the list reloads either way (it may have changed meanwhile). */
export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.unlinkIdentity(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: identitiesQueryKey }),
  });
}
