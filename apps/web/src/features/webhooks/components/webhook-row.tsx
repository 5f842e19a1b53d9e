import type { Webhook } from '@karta/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportedAgo } from '../../../components/place/reported-ago.ts';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useCategories } from '../../../lib/categories/get-categories.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { localizeText } from '../../../lib/i18n/localize-text.ts';
import { useDeleteWebhook, useSwitchWebhook } from '../api/webhooks.ts';
import { WEBHOOK_EVENT_KEYS, WEBHOOK_EVENTS } from '../utils/webhook-events.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';

/** Failures in a row after which the server switches a webhook off (docs/decisions/032-webhooks.md). */
const SWITCHED_OFF_AFTER = 3;

/**
 * One webhook: its address, events and categories in words, whether it is on (and if off, since
 * when and why), failures in a row; Switch off or on again, Delete (asked first), and its log.
 */
export function WebhookRow({ webhook, now }: { webhook: Webhook; now: number }) {
  const { t, i18n } = useTranslation();
  const categories = useCategories();
  const switcher = useSwitchWebhook();
  const remover = useDeleteWebhook();
  const [confirming, setConfirming] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const asked = useRef(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const logId = useId();
  const on = webhook.disabledAt === null;

  // The question appears where Delete was, so focus goes to its answer; cancelled, back to Delete.
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (asked.current) deleteButton.current?.focus();
    asked.current = confirming;
  }, [confirming]);

  const categoryNames =
    webhook.categories === null
      ? t('webhooks.allCategories')
      : webhook.categories
          .map((id) => {
            const category = categories.data?.find((known) => known.id === id);
            return category
              ? localizeText(category.name, i18n.language)
              : t('webhooks.categoryNumber', { id });
          })
          .join(', ');
  const failedOff = webhook.failuresInARow >= SWITCHED_OFF_AFTER;
  const offReason =
    webhook.disabledAt &&
    t(failedOff ? 'webhooks.offAfterFailures' : 'webhooks.offByAdmin', {
      ago: reportedAgo(webhook.disabledAt, now, i18n.language, t('webhooks.justNow')),
      count: webhook.failuresInARow,
    });
  const failure = switcher.error ?? remover.error;

  return (
    <li
      data-testid="webhook-row"
      data-webhook-id={webhook.id}
      data-enabled={on}
      className="rounded-xl border border-gray-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2
          className="min-w-0 font-mono text-sm font-semibold break-all text-gray-900"
          data-testid="webhook-url"
        >
          {webhook.url}
        </h2>
        <span
          data-testid="webhook-state"
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${
            on ? 'bg-green-50 text-green-800' : 'bg-gray-100 text-gray-800'
          }`}
        >
          {on ? t('webhooks.on') : t('webhooks.off')}
        </span>
      </div>
      {offReason && (
        <p
          data-testid="webhook-off-reason"
          className={`mt-1 text-sm font-medium ${failedOff ? 'text-red-800' : 'text-gray-700'}`}
        >
          {offReason}
        </p>
      )}
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-3 gap-y-1 text-sm">
        <dt className="text-gray-600">{t('webhooks.eventsLabel')}</dt>
        <dd data-testid="webhook-events" className="break-words text-gray-900">
          {WEBHOOK_EVENTS.filter((event) => webhook.events.includes(event))
            .map((event) => t(`webhooks.events.${WEBHOOK_EVENT_KEYS[event]}`))
            .join(', ')}
        </dd>
        <dt className="text-gray-600">{t('webhooks.categoriesLabel')}</dt>
        <dd data-testid="webhook-categories" className="break-words text-gray-900">
          {categoryNames}
        </dd>
        <dt className="text-gray-600">{t('webhooks.failuresLabel')}</dt>
        <dd data-testid="webhook-failures" className="text-gray-900">
          {webhook.failuresInARow}
        </dd>
      </dl>
      {failure !== null && (
        <p role="alert" data-testid="webhook-action-error" className="mt-3 text-sm font-medium text-red-800">
          {t(errorMessageKey(failure))}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          data-testid="toggle-webhook-log"
          aria-expanded={logOpen}
          aria-controls={logOpen ? logId : undefined}
          className={`${buttonStyles.secondary} h-10`}
          onClick={() => setLogOpen((open) => !open)}
        >
          {logOpen ? t('webhooks.hideDeliveries') : t('webhooks.showDeliveries')}
        </button>
        <button
          type="button"
          data-testid="switch-webhook"
          aria-disabled={switcher.isPending || undefined}
          className={`${buttonStyles.secondary} h-10`}
          onClick={() => !switcher.isPending && switcher.mutate({ id: webhook.id, enabled: !on })}
        >
          {on ? t('webhooks.switchOff') : t('webhooks.switchOn')}
        </button>
        {!confirming && (
          <button
            ref={deleteButton}
            type="button"
            data-testid="delete-webhook"
            className={`${buttonStyles.secondary} h-10 text-red-800`}
            onClick={() => setConfirming(true)}
          >
            {t('webhooks.delete')}
          </button>
        )}
      </div>
      {confirming && (
        <div
          data-testid="confirm-delete-webhook"
          className="mt-3 flex flex-wrap items-center gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900"
        >
          <p className="mr-auto min-w-0 break-words">{t('webhooks.confirmDelete')}</p>
          <button
            type="button"
            ref={confirmButton}
            data-testid="confirm-delete-webhook-yes"
            aria-disabled={remover.isPending || undefined}
            className={`${buttonStyles.primary} h-10 bg-red-700 hover:bg-red-800`}
            onClick={() =>
              !remover.isPending && remover.mutate(webhook.id, { onError: () => setConfirming(false) })
            }
          >
            {remover.isPending ? t('webhooks.deleting') : t('webhooks.confirmDeleteYes')}
          </button>
          <button
            type="button"
            data-testid="cancel-delete-webhook"
            className={`${buttonStyles.secondary} h-10`}
            onClick={() => setConfirming(false)}
          >
            {t('webhooks.cancel')}
          </button>
        </div>
      )}
      {logOpen && <WebhookDeliveries webhookId={webhook.id} id={logId} />}
    </li>
  );
}
