import type { EmailVerification } from '@karta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from '../../../lib/session/current-user.ts';

/**
 * POST /api/v1/auth/verify-email: proves the address a verification link was sent to; 400
 * `verification_link_invalid` for an unknown, used or expired link.
 */
export function verifyEmail(body: EmailVerification) {
  return api.verifyEmail(body);
}

/**
 * Proves an address with a verification link. Whoever is signed in here is asked again (not awaited:
 * the page says so at once), so a proven account loses its "confirm your address" notice. The page
 * opens with both requests under way: an answer about the user that left before the address was
 * proven is dropped, not kept.
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: async () => {
      await queryClient.cancelQueries({ queryKey: currentUserQueryKey });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
