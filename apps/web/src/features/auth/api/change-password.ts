import type { PasswordChange } from '@karta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionsQueryKey } from './list-sessions.ts';

/**
 * POST /api/v1/auth/password: 400 `wrong_password` when the current password is not right, or
 * field issues on `newPassword`. Every other session of the account ends; this one stays.
 */
export function changePassword(body: PasswordChange) {
  return api.changePassword(body);
}

/** Changes the signed-in user's password; the list of sessions reloads (the others have ended). */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
