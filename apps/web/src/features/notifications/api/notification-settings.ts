import type { NotificationSettings } from '@karta/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * The cache key of the signed-in user's e-mail settings: per user (not under `auth`), so signing
 * in or out drops it with the rest.
 */
export const notificationSettingsQueryKey = ['account', 'notifications'] as const;

/** GET /api/v1/auth/notifications: what the signed-in user is sent by e-mail, in which language. */
export function getNotificationSettings(signal?: AbortSignal) {
  return api.notificationSettings({ signal });
}

/** The signed-in user's e-mail settings (asked for on the account page, where the site sends e-mail). */
export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationSettingsQueryKey,
    queryFn: ({ signal }) => getNotificationSettings(signal),
  });
}

/**
 * PUT /api/v1/auth/notifications: the whole settings; 403 when someone who does not moderate
 * changes the review mail.
 */
export function updateNotificationSettings(body: NotificationSettings) {
  return api.updateNotificationSettings(body);
}

/** Saves the e-mail settings; the cache then holds what the server saved. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsQueryKey, saved),
  });
}
