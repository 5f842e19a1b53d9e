import type { UserPatch } from '@karta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { usersQueryKey } from './list-users.ts';

/** PATCH /api/v1/users/:id (403 on one's own account). */
export function updateUser(id: number, body: UserPatch) {
  return api.updateUser(id, body);
}

/** Changes a user's role or disables / enables the account; the list reloads. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UserPatch & { id: number }) => updateUser(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
