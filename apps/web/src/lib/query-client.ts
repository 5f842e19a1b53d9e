import { ApiError } from '@karta/api-client';
import { QueryClient } from '@tanstack/react-query';

/** Retry only what may pass on its own: no answer, or a server-side 5xx. A 4xx will not change. */
function shouldRetry(failures: number, error: unknown): boolean {
  if (failures >= 2) return false;
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status >= 500;
}

/** The app's query client: map data is cheap to refetch, so no refetching on window focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 4000),
        refetchOnWindowFocus: false,
      },
    },
  });
}
