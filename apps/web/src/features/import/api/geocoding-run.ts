import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** How often a running look-up is asked how far it is. */
const POLL_MS = 2_000;

/**
 * GET /api/v1/import/geocoding/{id}: how far the background look-up of a file's addresses is,
 * asked again every two seconds while it runs.
 */
export function useGeocodingRun(runId: number | null) {
  return useQuery({
    queryKey: ['import', 'geocoding', runId],
    queryFn: ({ signal }) => api.importGeocodingRun(runId as number, { signal }),
    enabled: runId !== null,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? POLL_MS : false),
  });
}
