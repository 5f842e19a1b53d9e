import type { FollowConfirmation } from '@karta/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/v1/follows/confirm: the follow of a confirmation link, now confirmed; 404 for an unknown or used link. */
export function confirmFollow(body: FollowConfirmation) {
  return api.confirmFollow(body);
}

/** Confirms a follow: its digests are sent from now on. */
export function useConfirmFollow() {
  return useMutation({ mutationFn: confirmFollow });
}
