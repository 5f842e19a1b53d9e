import type { ApiToken, ApiTokenInput } from '@karta/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * The cache key of the signed-in user's API tokens: under `account`, as the sessions are, so
 * signing in or out drops it with the other per-user answers.
 */
export const apiTokensQueryKey = ['account', 'api-tokens'] as const;

/** GET /api/v1/tokens: the user's tokens that are not revoked (expired ones too), newest first. */
export function useApiTokens() {
  return useQuery({
    queryKey: apiTokensQueryKey,
    queryFn: ({ signal }) => api.listApiTokens({ signal }),
    select: (list) => list.items,
  });
}

/**
 * POST /api/v1/tokens, given the account's password: the answer holds the token itself, the one
 * time it is ever sent (docs/decisions/029-api-tokens.md). The list reloads.
 */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiTokenInput) => api.createApiToken(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}

/** DELETE /api/v1/tokens/:id: the token stops working at once. The list reloads, also on failure. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: Pick<ApiToken, 'id'>) => api.revokeApiToken(token.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
