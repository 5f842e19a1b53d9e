import { z } from 'zod';
import { IdPathParams } from './numbers.ts';
import { BigId, IsoDateTime } from './primitives.ts';
import { intParam } from './query-params.ts';

/** What happens on the site that a webhook may be told of (docs/decisions/032-webhooks.md). */
export const WebhookEvent = z.enum([
  'place.published',
  'place.updated',
  'place.archived',
  'note.published',
  'flag.created',
]);
export type WebhookEvent = z.infer<typeof WebhookEvent>;

/** `POST /api/v1/webhooks` (admins): where to send which events, optionally for some categories only. */
export const WebhookInput = z.object({
  url: z
    .string({ error: 'Enter the address to send to' })
    .trim()
    .min(1, 'Enter the address to send to')
    .max(2000),
  events: z
    .array(WebhookEvent)
    .min(1, 'Choose at least one event')
    .refine((events) => new Set(events).size === events.length, 'Name each event once'),
  /** Only places of these categories (and their notes and reports); absent: every category. */
  categories: z.array(z.number().int().positive()).min(1).max(100).optional(),
});
export type WebhookInput = z.input<typeof WebhookInput>;

export const Webhook = z.object({
  id: BigId,
  url: z.string(),
  events: z.array(WebhookEvent),
  categories: z.array(z.number().int()).nullable(),
  createdAt: IsoDateTime,
  /** When it was switched off (by an admin, or after deliveries failed for good in a row); null: on. */
  disabledAt: IsoDateTime.nullable(),
  /** Deliveries given up one after another since the last one delivered. */
  failuresInARow: z.number().int().min(0),
});
export type Webhook = z.infer<typeof Webhook>;

/** A new webhook with its signing secret (`whsec_…`): shown this once. */
export const CreatedWebhook = Webhook.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

export const WebhookList = z.object({ items: z.array(Webhook) });
export type WebhookList = z.infer<typeof WebhookList>;

/** `PATCH /api/v1/webhooks/{id}`: switch it on again (its failures forgotten) or off. */
export const WebhookPatch = z.object({ enabled: z.boolean() });
export type WebhookPatch = z.input<typeof WebhookPatch>;

export const WebhookIdParams = IdPathParams('Expected a webhook id');

/** One event sent (or being sent) to a webhook. */
export const WebhookDelivery = z.object({
  id: BigId,
  /** The `webhook-id` header, the same at every attempt. */
  messageId: z.string(),
  event: WebhookEvent,
  /** The place, note or report it is about. */
  subjectId: BigId,
  occurredAt: IsoDateTime,
  attempts: z.number().int().min(0),
  /** The receiver's last HTTP status; null when it did not answer. */
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: IsoDateTime.nullable(),
  /** When it was given up after its last attempt. */
  givenUpAt: IsoDateTime.nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryQuery = z.object({
  before: intParam(1, Number.MAX_SAFE_INTEGER).optional(),
  limit: intParam(1, 200).optional(),
});
export type WebhookDeliveryQuery = z.output<typeof WebhookDeliveryQuery>;

export const WebhookDeliveryList = z.object({ items: z.array(WebhookDelivery) });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;
