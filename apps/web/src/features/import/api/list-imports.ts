import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The cached answer of the recent imports list (refreshed with every query after an import). */
export const recentImportsQueryKey = ['imports'] as const;

/** GET /api/v1/imports: the newest finished imports, with what became of each. */
export function useRecentImports() {
  return useQuery({
    queryKey: recentImportsQueryKey,
    queryFn: ({ signal }) => api.listImports({ signal }),
  });
}
