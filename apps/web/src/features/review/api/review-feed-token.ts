import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/v1/feeds/review-token: a new address of the moderator's private review feed, which
 * replaces the previous one. The answer is the only time the address is known.
 */
export function useCreateReviewFeedToken() {
  return useMutation({ mutationFn: () => api.createReviewFeedToken() });
}

/** DELETE /api/v1/feeds/review-token: the moderator's feed address stops working. */
export function useRevokeReviewFeedToken() {
  return useMutation({ mutationFn: () => api.revokeReviewFeedToken() });
}
