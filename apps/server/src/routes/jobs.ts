import type { FastifyInstance } from 'fastify';
import { requireUser } from '../accounts/request-user.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError } from '../http/errors.ts';
import { createJobQueue, type JobSummary } from '../jobs/job-queue.ts';
import { auditActorOf } from './audit-actor.ts';

const ADMINS = ['admin'] as const;
const DEFAULT_LIMIT = 50;

const wire = (job: JobSummary) => ({
  ...job,
  runAt: job.runAt.toISOString(),
  createdAt: job.createdAt.toISOString(),
  finishedAt: job.finishedAt?.toISOString() ?? null,
});

/**
 * The background jobs for admins (docs/decisions/031-one-job-queue.md): what is queued, failing,
 * running, done and dead, and a retry for what failed.
 */
export async function jobRoutes(app: FastifyInstance) {
  const queue = createJobQueue(app.database);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  defineRoute(app, 'listJobs', async (request) => {
    requireUser(request, ADMINS);
    const { state, before, limit } = request.query;
    const [items, counts] = await Promise.all([
      queue.list(state ?? null, limit ?? DEFAULT_LIMIT, before),
      queue.counts(),
    ]);
    return { items: items.map(wire), counts };
  });

  defineRoute(app, 'retryJob', async (request) => {
    const admin = auditActorOf(request, ADMINS);
    const { id } = request.params;
    const retried = await app.database.transaction((tx) => createJobQueue(tx).retry(id, admin));
    if (retried) return wire(retried);
    const job = await queue.get(id);
    if (!job) throw new AppError('not_found', `There is no job ${id}`);
    throw new AppError('conflict', `Job ${id} is ${job.state}: only dead or failing jobs can be run again.`);
  });
}
