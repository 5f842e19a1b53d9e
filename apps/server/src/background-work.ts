import type { FastifyInstance } from 'fastify';
import { ALERT_CHECK_MS, writeClosedAlerts } from './follows/closed-alerts.ts';
import { writeDueFollowDigests } from './follows/follow-digests.ts';
import { geocodingHandler } from './import/geocoding-runs.ts';
import { importFailureMailer } from './import-sources/failure-mail.ts';
import { IMPORT_SCHEDULE_TASK, importSourceHandlers } from './import-sources/source-jobs.ts';
import type { JobHandler, PeriodicTask } from './jobs/job-runner.ts';
import { OUTBOX_TIDY_JOB } from './mail/mail-sender.ts';
import { writeDueReviewDigests } from './notifications/review-digest.ts';
import { tidyLinks } from './notifications/tidy-links.ts';
import { webhookDeliveryHandler } from './webhooks/webhook-delivery.ts';

/** How often due digests are looked for: a digest goes out within this long of being due. */
export const DIGEST_CHECK_MS = 10 * 60_000;

/** The periodic jobs of the e-mail features (docs/decisions/031-one-job-queue.md). */
const DIGESTS_JOB = 'digests';
const CLOSED_ALERTS_JOB = 'closed-alerts';

/**
 * The app's background work on the job queue: the mailer's handlers, the look-ups of an import's
 * addresses (with a geocoder), webhook deliveries, and with mail on, the digests
 * (with the tidying of links and notes) every ten minutes and the "reported closed" alerts every
 * half minute, each tick run once for all instances. A periodic job is not retried (the next tick
 * does its work); the digests and alerts carry their own idempotency besides.
 */
export function backgroundWork(
  app: FastifyInstance,
  options: { periodic: boolean; webhooks?: { retryWaitsMs?: readonly number[] } },
): { handlers: JobHandler[]; periodic: PeriodicTask[] } {
  const { database, mailer, appConfig } = app;
  const language = appConfig.defaultLanguage;
  const handlers: JobHandler[] = [...mailer.handlers];
  const periodic: PeriodicTask[] = [];
  if (app.geocoder) handlers.push(geocodingHandler(database, app.geocoder));
  handlers.push(
    webhookDeliveryHandler({
      database,
      places: app.placeRepository,
      notes: app.notes,
      publicUrl: appConfig.publicUrl,
      allowPrivate: appConfig.outbound.allowPrivate,
      ...options.webhooks,
    }),
  );
  // Scheduled imports (docs/decisions/033-scheduled-imports.md): runs, and the tick that adds the due ones.
  handlers.push(
    ...importSourceHandlers(database, appConfig, importFailureMailer(database, mailer, language)),
  );
  if (options.periodic) periodic.push(IMPORT_SCHEDULE_TASK);
  if (!mailer.enabled) return { handlers, periodic };
  handlers.push(
    {
      kind: DIGESTS_JOB,
      retryDelayMs: () => 0,
      async run() {
        await tidyLinks(database);
        await app.notes.tidy();
        await writeDueReviewDigests(database, mailer, language);
        await writeDueFollowDigests(database, mailer, language);
      },
    },
    {
      kind: CLOSED_ALERTS_JOB,
      retryDelayMs: () => 0,
      run: () => writeClosedAlerts(database, mailer, language).then(() => undefined),
    },
  );
  if (options.periodic) {
    periodic.push(
      { kind: OUTBOX_TIDY_JOB, everyMs: 60 * 60_000 },
      { kind: DIGESTS_JOB, everyMs: DIGEST_CHECK_MS },
      { kind: CLOSED_ALERTS_JOB, everyMs: ALERT_CHECK_MS },
    );
  }
  return { handlers, periodic };
}
