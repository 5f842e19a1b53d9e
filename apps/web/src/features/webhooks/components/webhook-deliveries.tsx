import type { WebhookDelivery } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { reportedAgo } from '../../../components/place/reported-ago.ts';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { useWebhookDeliveries } from '../api/webhooks.ts';
import { isAboutPlace, WEBHOOK_EVENT_KEYS } from '../utils/webhook-events.ts';

type DeliveryState = 'delivered' | 'givenUp' | 'waiting';

function stateOf(delivery: WebhookDelivery): DeliveryState {
  if (delivery.deliveredAt) return 'delivered';
  if (delivery.givenUpAt) return 'givenUp';
  return 'waiting';
}

const STATE_STYLES: Record<DeliveryState, string> = {
  delivered: 'bg-green-50 text-green-800',
  givenUp: 'bg-red-50 text-red-800',
  waiting: 'bg-amber-50 text-amber-900',
};

function DeliveryRow({ delivery, now }: { delivery: WebhookDelivery; now: number }) {
  const { t, i18n } = useTranslation();
  const state = stateOf(delivery);
  const subject = t('webhooks.deliveries.subject', { id: delivery.subjectId });
  const outcome = delivery.lastError ?? (delivery.lastStatus === null ? null : `HTTP ${delivery.lastStatus}`);
  return (
    <li
      data-testid="webhook-delivery"
      data-state={state}
      className="rounded-lg border border-gray-200 p-3 text-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-medium break-words text-gray-900">
          {t(`webhooks.events.${WEBHOOK_EVENT_KEYS[delivery.event]}`)} ·{' '}
          {isAboutPlace(delivery.event) ? (
            <Link
              href={`/places/${delivery.subjectId}`}
              className="text-blue-700 underline underline-offset-2"
            >
              {subject}
            </Link>
          ) : (
            subject
          )}
        </p>
        <span
          data-testid="webhook-delivery-state"
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATE_STYLES[state]}`}
        >
          {t(`webhooks.deliveries.states.${state}`)}
        </span>
      </div>
      <p className="mt-1 text-gray-600">
        {reportedAgo(delivery.occurredAt, now, i18n.language)} ·{' '}
        {t('webhooks.deliveries.attempts', { count: delivery.attempts })}
      </p>
      {outcome && (
        <p
          data-testid="webhook-delivery-outcome"
          className="mt-1 font-mono text-xs break-words text-gray-900"
        >
          {outcome}
        </p>
      )}
    </li>
  );
}

/** A webhook's log, newest first: each event, what it is about, its attempts, last answer and state. */
export function WebhookDeliveries({ webhookId, id }: { webhookId: number; id: string }) {
  const { t } = useTranslation();
  const query = useWebhookDeliveries(webhookId);
  return (
    <div id={id} className="mt-3">
      {query.isPending && <LoadingState label={t('webhooks.deliveries.loading')} />}
      {query.isError && (
        <QueryErrorState
          title={t('webhooks.deliveries.loadFailed')}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.isSuccess &&
        (query.data.length === 0 ? (
          <EmptyState title={t('webhooks.deliveries.empty')} />
        ) : (
          <ul
            className="space-y-2"
            aria-label={t('webhooks.deliveries.label')}
            data-testid="webhook-deliveries"
          >
            {query.data.map((delivery) => (
              <DeliveryRow key={delivery.id} delivery={delivery} now={query.dataUpdatedAt} />
            ))}
          </ul>
        ))}
    </div>
  );
}
