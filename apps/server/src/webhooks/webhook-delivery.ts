import { Webhook } from 'standardwebhooks';
import type { Queryable } from '../db/database.ts';
import { outboundRequest } from '../http/outbound-request.ts';
import { type JobHandler, PermanentJobError } from '../jobs/job-runner.ts';
import { type PayloadSources, webhookPayload } from './webhook-payload.ts';
import { FAILURES_BEFORE_OFF, type WebhookEvent } from './webhook-repository.ts';

/** Delivering one event to one webhook is a job of this kind (added by the tables' triggers). */
export const WEBHOOK_JOB = 'webhook.deliver';

/**
 * Waits after each failed attempt, as the Standard Webhooks spec suggests: 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h, 10 h: eight attempts over about a day (the triggers add jobs of 8 attempts).
 */
const RETRY_WAITS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/** A receiver has this long to answer; its answer's body is not read past a few kilobytes. */
const TIMEOUT_MS = 10_000;
const KEPT_ANSWER_BYTES = 4_096;

export interface WebhookDeliveryOptions extends PayloadSources {
  /** WEBHOOK_ALLOW_PRIVATE. */
  allowPrivate: boolean;
  /** Waits between attempts (tests shorten them). */
  retryWaitsMs?: readonly number[];
}

interface DeliveryRow {
  id: number;
  message_id: string;
  event: WebhookEvent;
  subject_id: number;
  occurred_at: Date;
  payload: unknown;
  url: string;
  secret: string;
  disabled_at: Date | null;
}

/** Records an attempt's outcome; a given-up delivery counts against its webhook, which may go off. */
async function recordFailure(
  db: Queryable,
  id: number,
  status: number | null,
  error: string,
  givenUp: boolean,
) {
  await db.query(
    `UPDATE webhook_deliveries SET attempts = attempts + 1, last_status = $2, last_error = $3,
       given_up_at = CASE WHEN $4 THEN now() END
     WHERE id = $1`,
    [id, status, error.slice(0, 500), givenUp],
  );
  if (!givenUp) return;
  await db.query(
    `UPDATE webhooks SET failures_in_a_row = failures_in_a_row + 1,
       disabled_at = CASE WHEN failures_in_a_row + 1 >= $2 THEN coalesce(disabled_at, now()) ELSE disabled_at END
     WHERE id = (SELECT webhook_id FROM webhook_deliveries WHERE id = $1)`,
    [id, FAILURES_BEFORE_OFF],
  );
}

/**
 * The handler of `webhook.deliver` jobs: builds the delivery's body at its first attempt (kept, so
 * every attempt sends the same), signs it with the webhook's secret by the Standard Webhooks spec
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`), and POSTs it through the address
 * guard. A 2xx answer delivers it; anything else is retried after the spec's waits, and a delivery
 * given up after the last counts toward switching its webhook off. A webhook switched off or
 * deleted meanwhile is sent nothing.
 */
export function webhookDeliveryHandler(options: WebhookDeliveryOptions): JobHandler {
  const db = options.database;
  const waits = options.retryWaitsMs ?? RETRY_WAITS_MS;
  return {
    kind: WEBHOOK_JOB,
    concurrency: 4,
    retryDelayMs: (attempts) => waits[Math.min(attempts, waits.length) - 1] ?? waits.at(-1) ?? 0,
    async run(job, { signal }) {
      const deliveryId = Number(job.payload.deliveryId);
      const { rows } = await db.query<DeliveryRow>(
        `SELECT d.id, d.message_id, d.event, d.subject_id, d.occurred_at, d.payload, w.url, w.secret, w.disabled_at
         FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
         WHERE d.id = $1 AND d.delivered_at IS NULL AND d.given_up_at IS NULL`,
        [deliveryId],
      );
      const delivery = rows[0];
      if (!delivery || delivery.disabled_at) return;
      let payload = delivery.payload;
      if (payload === null) {
        payload = await webhookPayload(options, {
          event: delivery.event,
          subjectId: Number(delivery.subject_id),
          occurredAt: delivery.occurred_at,
        });
        await db.query('UPDATE webhook_deliveries SET payload = $2 WHERE id = $1', [
          deliveryId,
          JSON.stringify(payload),
        ]);
      }
      const body = JSON.stringify(payload);
      const sentAt = new Date();
      const signature = new Webhook(delivery.secret).sign(delivery.message_id, sentAt, body);
      const lastAttempt = job.attempts >= job.maxAttempts;
      let status: number | null = null;
      try {
        const answer = await outboundRequest(delivery.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'webhook-id': delivery.message_id,
            'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
            'webhook-signature': signature,
          },
          body,
          allowPrivate: options.allowPrivate,
          timeoutMs: TIMEOUT_MS,
          maxBodyBytes: KEPT_ANSWER_BYTES,
          signal,
        });
        status = answer.status;
        if (status < 200 || status >= 300) throw new Error(`The receiver answered ${status}`);
      } catch (error) {
        if (signal.aborted) throw error;
        const reason = error instanceof Error ? error.message : 'failed';
        await recordFailure(db, deliveryId, status, reason, lastAttempt);
        throw lastAttempt ? new PermanentJobError(reason) : error;
      }
      await db.query(
        `UPDATE webhook_deliveries SET attempts = attempts + 1, last_status = $2, last_error = NULL, delivered_at = now()
         WHERE id = $1`,
        [deliveryId, status],
      );
      await db.query(
        'UPDATE webhooks SET failures_in_a_row = 0 WHERE id = (SELECT webhook_id FROM webhook_deliveries WHERE id = $1)',
        [deliveryId],
      );
    },
  };
}
