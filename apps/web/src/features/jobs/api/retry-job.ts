import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { jobsQueryKey } from './list-jobs.ts';

/** POST /api/v1/admin/jobs/{id}/retry: a dead or failing job due again now (409 otherwise, 404 if gone). */
export function retryJob(id: number) {
  return api.retryJob(id);
}

/** Runs a dead or failing job again; whatever the answer, the list and its counts reload. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
  });
}
