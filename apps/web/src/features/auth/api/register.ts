import type { RegisterBody } from '@karta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applySession } from './get-current-user.ts';

/** POST /api/v1/auth/register: creates the account and signs in. */
export function register(body: RegisterBody) {
  return api.register(body);
}

/** Creates an account; on success the new user is signed in, in the cache too. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => applySession(queryClient, user),
  });
}
