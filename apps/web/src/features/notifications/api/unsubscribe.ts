import type { UnsubscribeBody } from '@karta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationSettingsQueryKey } from './notification-settings.ts';

/**
 * POST /api/v1/unsubscribe: ends the e-mails an unsubscribe link came with, and says which
 * (`review`, `decisions` or `follow`); 404 for an unknown link.
 */
export function unsubscribe(body: UnsubscribeBody) {
  return api.unsubscribe(body);
}

/**
 * Ends the e-mails of an unsubscribe link. An account's settings may have changed with it, so they
 * are asked again when next shown.
 */
export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribe,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notificationSettingsQueryKey }),
  });
}
