import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { forgetSavedAnswers } from '../../../lib/pwa/forget-saved-answers.ts';
import { applySession } from '../../../lib/session/current-user.ts';

/** POST /api/v1/auth/logout. */
export function logout() {
  return api.logout();
}

/**
 * Signs out; on success nobody is in the cache and per-user answers are dropped, from the page and
 * from the answers saved for offline use.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      applySession(queryClient, null);
      void forgetSavedAnswers();
    },
  });
}
