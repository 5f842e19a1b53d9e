import type { CreatedWebhook, WebhookEvent } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useAccountForm } from '../../../hooks/use-account-form.ts';
import { useCategories } from '../../../lib/categories/get-categories.ts';
import { formErrorMessage } from '../../../lib/forms/problem-messages.ts';
import { localizeText } from '../../../lib/i18n/localize-text.ts';
import { useCreateWebhook } from '../api/webhooks.ts';
import { choicesOf, WEBHOOK_EVENT_KEYS, WEBHOOK_EVENTS } from '../utils/webhook-events.ts';
import { type WebhookFormField, webhookFormProblems } from '../utils/webhook-form-problems.ts';
import { ChoiceBoxes } from './choice-boxes.tsx';

const FIELDS: readonly WebhookFormField[] = ['url', 'events', 'categories'];

/**
 * Adds a webhook: the address to send to, which events (at least one), and optionally which
 * categories (none chosen: all). An address the server refuses (not a public web address, or no
 * server answers at it) is explained on its field.
 */
export function CreateWebhookForm({ onCreated }: { onCreated(webhook: CreatedWebhook): void }) {
  const { t, i18n } = useTranslation();
  const create = useCreateWebhook();
  const categories = useCategories();
  const form = useAccountForm({
    fields: FIELDS,
    initialValues: { events: 'place.published' },
    validate: webhookFormProblems,
    clearOnSuccess: true,
    send: async (values) => {
      const chosen = choicesOf(values.categories).map(Number);
      const created = await create.mutateAsync({
        url: values.url.trim(),
        events: choicesOf(values.events) as WebhookEvent[],
        ...(chosen.length > 0 ? { categories: chosen } : {}),
      });
      onCreated(created);
    },
  });
  const urlProblem = form.problemOf('url');
  const eventsProblem = form.problemOf('events');
  const categoriesProblem = form.problemOf('categories');
  // The form sends only whole web addresses, so a refused one was refused for where it leads.
  const urlMessage =
    urlProblem &&
    (urlProblem.code === 'required'
      ? t('webhooks.form.urlRequired')
      : webhookFormProblems({ ...form.values, url: form.values.url }).url
        ? t('webhooks.form.urlInvalid')
        : t('webhooks.form.urlRefused'));

  return (
    <form ref={form.formRef} noValidate onSubmit={form.onSubmit} data-testid="create-webhook-form">
      <FormAlert message={form.formError ? formErrorMessage(t, form.formError) : null} />
      <div className="space-y-5">
        <TextField
          {...form.fieldProps('url')}
          autoComplete="url"
          label={t('webhooks.form.url')}
          hint={t('webhooks.form.urlHint')}
          error={urlMessage}
        />
        <ChoiceBoxes
          {...form.fieldProps('events')}
          testId="webhook-events"
          legend={t('webhooks.form.events')}
          choices={WEBHOOK_EVENTS.map((event) => ({
            value: event,
            label: t(`webhooks.events.${WEBHOOK_EVENT_KEYS[event]}`),
          }))}
          error={eventsProblem && t('webhooks.form.eventsRequired')}
        />
        {categories.data && categories.data.length > 0 && (
          <ChoiceBoxes
            {...form.fieldProps('categories')}
            testId="webhook-categories"
            legend={t('webhooks.form.categories')}
            hint={t('webhooks.form.categoriesHint')}
            choices={categories.data.map((category) => ({
              value: String(category.id),
              label: localizeText(category.name, i18n.language),
            }))}
            error={categoriesProblem && t('webhooks.form.categoriesGone')}
          />
        )}
        <SubmitButton
          sending={form.sending}
          busy={t('webhooks.form.adding')}
          testId="create-webhook-submit"
          className="w-full sm:w-auto"
        >
          {t('webhooks.form.add')}
        </SubmitButton>
      </div>
    </form>
  );
}
