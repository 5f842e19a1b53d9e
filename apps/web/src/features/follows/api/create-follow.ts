import type { FollowInput } from '@karta/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/v1/follows: mails a confirmation link for following an area or a spot. 204 whatever the
 * address (so it tells nobody which addresses follow what); 429 when asked too often; 404
 * `mail_off` when the site sends no e-mail.
 */
export function createFollow(body: FollowInput) {
  return api.createFollow(body);
}

/** Asks for a follow; nothing but its confirmation is sent until the link is followed. */
export function useCreateFollow() {
  return useMutation({ mutationFn: createFollow });
}
