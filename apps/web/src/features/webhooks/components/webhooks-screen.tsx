import type { CreatedWebhook } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { QueryList } from '../../../components/ui/query-list.tsx';
import { useShownOnce } from '../../../hooks/use-shown-once.ts';
import { useWebhooks } from '../api/webhooks.ts';
import { CreateWebhookForm } from './create-webhook-form.tsx';
import { NewWebhookSecret } from './new-webhook-secret.tsx';
import { WebhookRow } from './webhook-row.tsx';

/**
 * The webhooks screen (admins; docs/decisions/032-webhooks.md): the webhooks newest first, then a
 * form that adds one. A new webhook's secret is shown once in place of the form, until Done.
 */
export function WebhooksScreen() {
  const { t } = useTranslation();
  const query = useWebhooks();
  const { shown: created, show, done, heading } = useShownOnce<CreatedWebhook>();
  return (
    <div className="space-y-6">
      <QueryList
        query={query}
        loading={t('webhooks.loading')}
        loadFailed={t('webhooks.loadFailed')}
        empty={t('webhooks.empty')}
      >
        {(items) => (
          <ul data-testid="webhook-list" className="space-y-3" aria-label={t('webhooks.listLabel')}>
            {items.map((webhook) => (
              <WebhookRow key={webhook.id} webhook={webhook} now={query.dataUpdatedAt} />
            ))}
          </ul>
        )}
      </QueryList>
      <section className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 ref={heading} tabIndex={-1} className="text-base font-semibold text-gray-900 focus:outline-none">
          {t('webhooks.newTitle')}
        </h2>
        <div className="mt-3 max-w-xl">
          {created ? (
            <NewWebhookSecret created={created} onDone={done} />
          ) : (
            <CreateWebhookForm onCreated={show} />
          )}
        </div>
      </section>
    </div>
  );
}
