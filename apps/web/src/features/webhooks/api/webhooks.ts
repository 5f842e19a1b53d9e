import type { WebhookInput } from '@karta/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every cached answer of the webhooks screen: the list, and each webhook's deliveries under it. */
export const webhooksQueryKey = ['admin-webhooks'] as const;

/** GET /api/v1/webhooks: the webhooks, newest first, without their secrets. */
export function useWebhooks() {
  return useQuery({
    queryKey: webhooksQueryKey,
    queryFn: ({ signal }) => api.listWebhooks({ signal }),
    select: (list) => list.items,
  });
}

/**
 * POST /api/v1/webhooks: the answer holds the signing secret, the one time it is ever sent
 * (docs/decisions/032-webhooks.md). The list reloads.
 */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookInput) => api.createWebhook(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

/** PATCH /api/v1/webhooks/{id}: off, or on again with its failures forgotten. The list reloads. */
export function useSwitchWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) => api.updateWebhook(id, { enabled }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

/** DELETE /api/v1/webhooks/{id}: the webhook and its log; the list reloads, also on failure. */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.deleteWebhook(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

/** How often an open log asks again while a delivery in it is still being tried. */
const WAITING_REFRESH_MS = 5_000;

/**
 * GET /api/v1/webhooks/{id}/deliveries: the newest 50, asked again every few seconds while one
 * of them is neither delivered nor given up, so its outcome shows without a reload.
 */
export function useWebhookDeliveries(id: number) {
  return useQuery({
    queryKey: [...webhooksQueryKey, id, 'deliveries'],
    queryFn: ({ signal }) => api.listWebhookDeliveries(id, {}, { signal }),
    select: (list) => list.items,
    refetchInterval: (query) =>
      query.state.data?.items.some((delivery) => !delivery.deliveredAt && !delivery.givenUpAt)
        ? WAITING_REFRESH_MS
        : false,
  });
}
