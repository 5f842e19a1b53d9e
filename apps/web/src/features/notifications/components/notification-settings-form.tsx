import type { NotificationSettings, ReviewMail } from '@karta/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { formErrorMessage } from '../../../lib/forms/problem-messages.ts';
import { availableLanguages, languageName } from '../../../lib/i18n/locales.ts';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/notification-settings.ts';

const REVIEW_MAIL: readonly ReviewMail[] = ['immediate', 'daily', 'off'];

/**
 * "E-mail notifications" of the account page: loads the signed-in user's settings, then the form.
 * `moderator`: the review mail (new proposals and reports) is offered too.
 */
export function NotificationSettingsSection({ moderator }: { moderator: boolean }) {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  if (settings.isPending) return <LoadingState label={t('account.notifications.loading')} />;
  if (settings.isError) {
    return (
      <QueryErrorState
        title={t('account.notifications.loadFailed')}
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  return <NotificationSettingsForm saved={settings.data} moderator={moderator} />;
}

interface NotificationSettingsFormProps {
  /** The settings as the server has them: the form starts from these. */
  saved: NotificationSettings;
  moderator: boolean;
}

/**
 * The language of the e-mails, whether to hear of decisions on one's proposals, and for
 * moderators how to hear of new proposals and reports: at once, in a daily digest or never.
 * Saved together; what the server saved stays in the form, with a confirmation until the next change.
 */
export function NotificationSettingsForm({ saved, moderator }: NotificationSettingsFormProps) {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const update = useUpdateNotificationSettings();
  const [values, setValues] = useState(saved);
  const [done, setDone] = useState(false);
  const languageId = useId();
  const languageHintId = useId();
  const decisionHintId = useId();
  const reviewName = useId();

  const offered = availableLanguages(config.languages);
  // A language the site no longer offers stays shown while it is the saved one.
  const languages = offered.includes(values.language) ? offered : [...offered, values.language];

  const change = (next: Partial<NotificationSettings>) => {
    setValues((current) => ({ ...current, ...next }));
    setDone(false);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    setDone(false);
    // The promise, not mutate's callbacks: those are skipped once the form has unmounted.
    update.mutateAsync(values).then(
      (answer) => {
        setValues(answer);
        setDone(true);
      },
      () => undefined,
    );
  };

  return (
    <form noValidate onSubmit={submit} data-testid="notification-settings-form">
      {/* Outside the spacing: the alert's empty placeholder takes no room. */}
      <FormAlert message={update.isError ? formErrorMessage(t, update.error) : null} />
      <div className="space-y-6">
        <div>
          <label htmlFor={languageId} className="block text-sm font-medium text-gray-900">
            {t('account.notifications.language')}
          </label>
          <select
            id={languageId}
            data-testid="notification-language"
            value={values.language}
            aria-describedby={languageHintId}
            onChange={(event) => change({ language: event.target.value })}
            className="mt-1.5 block h-11 w-full max-w-xs rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 hover:border-gray-400 sm:text-sm"
          >
            {languages.map((code) => (
              <option key={code} value={code} lang={code}>
                {languageName(code)}
              </option>
            ))}
          </select>
          <p id={languageHintId} className="mt-1.5 text-sm text-gray-600">
            {t('account.notifications.languageHint')}
          </p>
        </div>

        <div>
          <label className="flex cursor-pointer items-start gap-3 text-sm text-gray-900">
            <input
              type="checkbox"
              data-testid="decision-mail"
              checked={values.decisionMail}
              aria-describedby={decisionHintId}
              onChange={(event) => change({ decisionMail: event.target.checked })}
              className="mt-0.5 size-4 shrink-0 accent-blue-700"
            />
            <span className="font-medium">{t('account.notifications.decisionMail')}</span>
          </label>
          <p id={decisionHintId} className="mt-1 pl-7 text-sm text-gray-600">
            {t('account.notifications.decisionMailHint')}
          </p>
        </div>

        {moderator && (
          <fieldset>
            <legend className="text-sm font-medium text-gray-900">
              {t('account.notifications.reviewMail.legend')}
            </legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-3">
              {REVIEW_MAIL.map((option) => (
                <label
                  key={option}
                  className={`flex cursor-pointer gap-3 rounded-lg border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-700 ${
                    values.reviewMail === option
                      ? 'border-blue-700 bg-blue-50'
                      : 'border-gray-300 bg-white hover:border-gray-400'
                  }`}
                >
                  <input
                    type="radio"
                    name={reviewName}
                    value={option}
                    checked={values.reviewMail === option}
                    data-testid={`review-mail-${option}`}
                    onChange={() => change({ reviewMail: option })}
                    className="mt-0.5 size-4 shrink-0 accent-blue-700"
                  />
                  <span className="text-sm text-gray-900">
                    {t(`account.notifications.reviewMail.${option}`)}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )}

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <button
            type="submit"
            data-testid="save-notification-settings"
            aria-disabled={update.isPending || undefined}
            className={`${buttonStyles.primary} h-11 w-full sm:w-auto`}
          >
            {update.isPending && <Spinner className="size-4" />}
            {update.isPending ? t('account.notifications.saving') : t('account.notifications.save')}
          </button>
          {/* Always in the page, so the confirmation is announced when it appears. */}
          <p role="status" className="text-sm font-medium text-green-800">
            {done && (
              <span data-testid="notification-settings-saved">{t('account.notifications.saved')}</span>
            )}
          </p>
        </div>
      </div>
    </form>
  );
}
