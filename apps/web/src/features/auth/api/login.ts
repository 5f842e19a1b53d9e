import type { LoginBody } from '@karta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applySession } from '../../../lib/session/current-user.ts';

/** POST /api/v1/auth/login. */
export function login(body: LoginBody) {
  return api.login(body);
}

/** Signs in; on success the new user is in the cache and per-user answers are refetched. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => applySession(queryClient, user),
  });
}
