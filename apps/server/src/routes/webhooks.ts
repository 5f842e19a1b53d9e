import type { FastifyInstance } from 'fastify';
import { requireUser } from '../accounts/request-user.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError, validationError } from '../http/errors.ts';
import { checkOutboundUrlField } from '../http/outbound-request.ts';
import {
  createWebhookRepository,
  type Webhook,
  type WebhookDelivery,
} from '../webhooks/webhook-repository.ts';
import { auditActorOf } from './audit-actor.ts';

const ADMINS = ['admin'] as const;
const DEFAULT_DELIVERIES = 50;

const iso = (date: Date | null) => date?.toISOString() ?? null;

function webhookOut(webhook: Webhook) {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    categories: webhook.categoryIds,
    createdAt: webhook.createdAt.toISOString(),
    disabledAt: iso(webhook.disabledAt),
    failuresInARow: webhook.failuresInARow,
  };
}

function deliveryOut(delivery: WebhookDelivery) {
  return {
    ...delivery,
    occurredAt: delivery.occurredAt.toISOString(),
    deliveredAt: iso(delivery.deliveredAt),
    givenUpAt: iso(delivery.givenUpAt),
  };
}

/** Admins' webhooks (docs/decisions/032-webhooks.md): registered, listed, switched, deleted, their log read. */
export async function webhookRoutes(app: FastifyInstance) {
  const webhooks = createWebhookRepository(app.database);
  // The secret is in one answer; the log names places being moderated.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  async function found(id: number): Promise<Webhook> {
    const webhook = await webhooks.find(id);
    if (!webhook) throw new AppError('not_found', `There is no webhook ${id}`);
    return webhook;
  }

  defineRoute(app, 'createWebhook', async (request) => {
    const admin = auditActorOf(request, ADMINS);
    const { url, events, categories } = request.body;
    const checked = await checkOutboundUrlField(url, app.appConfig.outbound.allowPrivate);
    if (categories) {
      const { rows } = await app.database.query<{ id: number }>(
        'SELECT id FROM categories WHERE id = ANY($1::int[])',
        [categories],
      );
      const known = new Set(rows.map((row) => Number(row.id)));
      const unknown = categories.filter((id) => !known.has(id));
      if (unknown.length > 0) {
        throw validationError([
          { path: 'categories', code: 'invalid', message: `There is no category ${unknown[0]}` },
        ]);
      }
    }
    const { webhook, secret } = await webhooks.create(
      { url: checked.href, events, categoryIds: categories ? [...new Set(categories)] : null },
      admin,
    );
    return { ...webhookOut(webhook), secret };
  });

  defineRoute(app, 'listWebhooks', async (request) => {
    requireUser(request, ADMINS);
    return { items: (await webhooks.list()).map(webhookOut) };
  });

  defineRoute(app, 'updateWebhook', async (request) => {
    const admin = auditActorOf(request, ADMINS);
    const updated = await webhooks.setEnabled(request.params.id, request.body.enabled, admin);
    if (!updated) throw new AppError('not_found', `There is no webhook ${request.params.id}`);
    return webhookOut(updated);
  });

  defineRoute(app, 'deleteWebhook', async (request, reply) => {
    const admin = auditActorOf(request, ADMINS);
    if (!(await webhooks.remove(request.params.id, admin))) {
      throw new AppError('not_found', `There is no webhook ${request.params.id}`);
    }
    return reply.code(204).send();
  });

  defineRoute(app, 'listWebhookDeliveries', async (request) => {
    requireUser(request, ADMINS);
    const webhook = await found(request.params.id);
    const { before, limit } = request.query;
    const items = await webhooks.deliveries(webhook.id, limit ?? DEFAULT_DELIVERIES, before);
    return { items: items.map(deliveryOut) };
  });
}
