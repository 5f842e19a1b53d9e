import type { JobState } from '@karta/contracts';

/** The states in the order of the filter (docs/decisions/031-one-job-queue.md). */
export const JOB_STATES = [
  'queued',
  'failing',
  'running',
  'done',
  'dead',
] as const satisfies readonly JobState[];

/** The state filter in the address (`?state=dead`); anything else is every state (`null`). */
export function jobStateOf(search: string): JobState | null {
  const state = new URLSearchParams(search).get('state');
  return JOB_STATES.find((known) => known === state) ?? null;
}

/** Whether an admin may run the job again (the server's rule: dead or failing). */
export function canRunAgain(state: JobState): boolean {
  return state === 'dead' || state === 'failing';
}
