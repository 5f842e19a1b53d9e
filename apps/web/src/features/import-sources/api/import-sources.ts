import type { ImportSourceInput } from '@karta/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every cached answer of the scheduled imports: the list, and each source's runs under it. */
export const importSourcesQueryKey = ['admin-import-sources'] as const;

/** How often a source's runs are asked for again while one is awaited (Run now) or under way. */
const WATCH_MS = 2_000;

/** GET /api/v1/import-sources: the scheduled imports, newest first. */
export function useImportSources() {
  return useQuery({
    queryKey: importSourcesQueryKey,
    queryFn: ({ signal }) => api.listImportSources({ signal }),
    select: (list) => list.items,
  });
}

/** POST /api/v1/import-sources; the list reloads. */
export function useCreateImportSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportSourceInput) => api.createImportSource(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importSourcesQueryKey }),
  });
}

/** DELETE /api/v1/import-sources/{id}: the source and its runs (its places stay); the list reloads. */
export function useDeleteImportSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.deleteImportSource(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importSourcesQueryKey }),
  });
}

/** POST /api/v1/import-sources/{id}/run: fetched and imported now, as a job (its run follows). */
export function useRunImportSource() {
  return useMutation({ mutationFn: (id: number) => api.runImportSource(id) });
}

/**
 * GET /api/v1/import-sources/{id}/runs: the last 50, newest first; asked for again every few
 * seconds while `watching` (a Run now awaited) or while a run has no outcome yet.
 */
export function useImportSourceRuns(id: number, watching: boolean) {
  return useQuery({
    queryKey: [...importSourcesQueryKey, id, 'runs'],
    queryFn: ({ signal }) => api.listImportSourceRuns(id, { signal }),
    select: (list) => list.items,
    refetchInterval: (query) =>
      watching || query.state.data?.items.some((run) => run.outcome === null) ? WATCH_MS : false,
  });
}
