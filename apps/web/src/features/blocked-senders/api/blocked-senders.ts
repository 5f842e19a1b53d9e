import type { BlockedSenderInput } from '@karta/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const blockedSendersKey = ['blocked-senders'] as const;

/** GET /api/v1/admin/blocked-senders (admins): the blocked addresses and domains, newest first. */
export function useBlockedSenders() {
  return useQuery({
    queryKey: blockedSendersKey,
    queryFn: ({ signal }) => api.listBlockedSenders({ signal }),
  });
}

/** Blocks an address or a domain (one already blocked is answered again); the list reloads. */
export function useBlockSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BlockedSenderInput) => api.blockSender(body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blockedSendersKey }),
  });
}

/** Takes an entry off the list; the list reloads. */
export function useUnblockSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.unblockSender(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blockedSendersKey }),
  });
}
