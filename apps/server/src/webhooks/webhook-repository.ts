import { randomBytes } from 'node:crypto';
import { type AuditActor, recordAudit } from '../audit/record-audit.ts';
import type { Database } from '../db/database.ts';

/** What a webhook may be sent (docs/decisions/032-webhooks.md). */
export const WEBHOOK_EVENTS = [
  'place.published',
  'place.updated',
  'place.archived',
  'note.published',
  'flag.created',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Deliveries given up one after another before a webhook is switched off. */
export const FAILURES_BEFORE_OFF = 3;

export interface Webhook {
  id: number;
  url: string;
  events: WebhookEvent[];
  categoryIds: number[] | null;
  createdAt: Date;
  disabledAt: Date | null;
  failuresInARow: number;
}

export interface WebhookDelivery {
  id: number;
  messageId: string;
  event: WebhookEvent;
  subjectId: number;
  occurredAt: Date;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
  givenUpAt: Date | null;
}

interface WebhookRow {
  id: number;
  url: string;
  events: WebhookEvent[];
  category_ids: number[] | null;
  created_at: Date;
  disabled_at: Date | null;
  failures_in_a_row: number;
}

const WEBHOOK_COLUMNS = 'id, url, events, category_ids, created_at, disabled_at, failures_in_a_row';

function webhookOf(row: WebhookRow): Webhook {
  return {
    id: Number(row.id),
    url: row.url,
    events: row.events,
    categoryIds: row.category_ids,
    createdAt: row.created_at,
    disabledAt: row.disabled_at,
    failuresInARow: row.failures_in_a_row,
  };
}

/** A new signing secret in the Standard Webhooks form: `whsec_` and 24 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** The admins' webhooks and their deliveries. */
export function createWebhookRepository(db: Database) {
  return {
    /** A new webhook by `admin`, recorded in the audit log without its secret. */
    create(
      input: { url: string; events: readonly WebhookEvent[]; categoryIds: readonly number[] | null },
      admin: AuditActor,
    ): Promise<{ webhook: Webhook; secret: string }> {
      const secret = newWebhookSecret();
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<WebhookRow>(
          `INSERT INTO webhooks (url, events, category_ids, secret, created_by)
           VALUES ($1, $2::text[], $3::int[], $4, $5)
           RETURNING ${WEBHOOK_COLUMNS}`,
          [input.url, input.events, input.categoryIds, secret, admin.id],
        );
        const row = rows[0];
        if (!row) throw new Error('webhook not inserted');
        const webhook = webhookOf(row);
        const { url, events, categoryIds } = webhook;
        await recordAudit(tx, admin, {
          action: 'webhook.create',
          objectId: webhook.id,
          after: { url, events, categoryIds },
        });
        return { webhook, secret };
      });
    },

    async list(): Promise<Webhook[]> {
      const { rows } = await db.query<WebhookRow>(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks ORDER BY id DESC`);
      return rows.map(webhookOf);
    },

    async find(id: number): Promise<Webhook | null> {
      const { rows } = await db.query<WebhookRow>(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE id = $1`, [
        id,
      ]);
      return rows[0] ? webhookOf(rows[0]) : null;
    },

    /** Switched on again (its failures forgotten) or off; null when there is no such webhook. */
    setEnabled(id: number, enabled: boolean, admin: AuditActor): Promise<Webhook | null> {
      return db.transaction(async (tx) => {
        const { rows: locked } = await tx.query<{ disabled_at: Date | null }>(
          'SELECT disabled_at FROM webhooks WHERE id = $1 FOR UPDATE',
          [id],
        );
        if (!locked[0]) return null;
        const { rows } = await tx.query<WebhookRow>(
          `UPDATE webhooks SET disabled_at = CASE WHEN $2 THEN NULL ELSE coalesce(disabled_at, now()) END,
             failures_in_a_row = CASE WHEN $2 THEN 0 ELSE failures_in_a_row END
           WHERE id = $1 RETURNING ${WEBHOOK_COLUMNS}`,
          [id, enabled],
        );
        const row = rows[0];
        if (!row) return null;
        const before = { enabled: locked[0].disabled_at === null };
        await recordAudit(tx, admin, { action: 'webhook.update', objectId: id, before, after: { enabled } });
        return webhookOf(row);
      });
    },

    /** Deleted with its deliveries (their jobs then find nothing to send); false when unknown. */
    remove(id: number, admin: AuditActor): Promise<boolean> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<{ url: string; events: WebhookEvent[] }>(
          'DELETE FROM webhooks WHERE id = $1 RETURNING url, events',
          [id],
        );
        const row = rows[0];
        if (!row) return false;
        await recordAudit(tx, admin, {
          action: 'webhook.delete',
          objectId: id,
          before: { url: row.url, events: row.events },
        });
        return true;
      });
    },

    /** A webhook's deliveries, newest first, before the delivery `before`. */
    async deliveries(webhookId: number, limit: number, before?: number): Promise<WebhookDelivery[]> {
      const { rows } = await db.query<{
        id: number;
        message_id: string;
        event: WebhookEvent;
        subject_id: number;
        occurred_at: Date;
        attempts: number;
        last_status: number | null;
        last_error: string | null;
        delivered_at: Date | null;
        given_up_at: Date | null;
      }>(
        `SELECT id, message_id, event, subject_id, occurred_at, attempts, last_status, last_error, delivered_at, given_up_at
         FROM webhook_deliveries
         WHERE webhook_id = $1 AND ($3::bigint IS NULL OR id < $3)
         ORDER BY id DESC LIMIT $2`,
        [webhookId, limit, before ?? null],
      );
      return rows.map((row) => ({
        id: Number(row.id),
        messageId: row.message_id,
        event: row.event,
        subjectId: Number(row.subject_id),
        occurredAt: row.occurred_at,
        attempts: row.attempts,
        lastStatus: row.last_status,
        lastError: row.last_error,
        deliveredAt: row.delivered_at,
        givenUpAt: row.given_up_at,
      }));
    },
  };
}

export type WebhookRepository = ReturnType<typeof createWebhookRepository>;
