import type { PasswordResetConfirm } from '@karta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/session/current-user.ts';

/**
 * POST /api/v1/auth/password-reset/confirm: sets the new password and ends every session of the
 * account; 400 `reset_link_invalid` for an unknown, used or expired token.
 */
export function confirmPasswordReset(body: PasswordResetConfirm) {
  return api.confirmPasswordReset(body);
}

/**
 * Sets a new password with a reset link. Nobody is signed in by it; if this browser was signed in
 * to that account, its session ended too, so who is signed in is asked again.
 */
export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPasswordReset,
    // Not awaited: the new password is saved whatever that answer, and the page says so at once.
    onSuccess: () => void refreshSession(queryClient),
  });
}
