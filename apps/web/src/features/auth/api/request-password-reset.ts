import type { PasswordResetRequest } from '@karta/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/v1/auth/password-reset: 204 whether or not an account uses the address (so it tells
 * nobody which addresses have accounts); 404 `mail_off` when the site sends no e-mail.
 */
export function requestPasswordReset(body: PasswordResetRequest) {
  return api.requestPasswordReset(body);
}

/** Asks for a reset link to be mailed, in the language given. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
