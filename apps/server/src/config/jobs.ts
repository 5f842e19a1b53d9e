import { z } from 'zod';
import { integer } from './values.ts';

/** The job queue (docs/decisions/031-one-job-queue.md). */
export const JobsEnv = z.object({ JOB_LEASE_SECONDS: integer(60, 5, 3600) }).transform((e) => ({
  jobs: {
    /**
     * JOB_LEASE_SECONDS: how long an instance holds a job it runs, renewed every third of it; a
     * job whose instance died is run again elsewhere once this has passed.
     */
    leaseMs: e.JOB_LEASE_SECONDS * 1000,
  },
}));

export type JobsConfig = z.output<typeof JobsEnv>;
