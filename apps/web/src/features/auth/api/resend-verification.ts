import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/v1/auth/verify-email/resend: mails the signed-in user a new verification link (429
 * after three within an hour).
 */
export function resendVerification() {
  return api.resendVerification();
}

/** Sends the signed-in user a new link to prove their address. */
export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
