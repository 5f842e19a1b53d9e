import { ApiError } from '@karta/api-client';
import { QueryClient } from '@tanstack/react-query';

/** Retry only what may pass on its own: no answer, or a server-side 5xx. A 4xx will not change. */
function shouldRetry(failures: number, error: unknown): boolean {
  if (failures >= 2) return false;
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status >= 500;
}

/**
 * The app's query client: map data is cheap to refetch, so no refetching on window focus. Queries
 * run even when the browser says it is offline (`offlineFirst`): the service worker may answer
 * them from its cache. Changes are tried at once and fail with "Can't reach the server" rather
 * than waiting unseen for a network, as TanStack's default (`online`) has both do.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 4000),
        refetchOnWindowFocus: false,
        networkMode: 'offlineFirst',
      },
      mutations: { networkMode: 'always' },
    },
  });
}
