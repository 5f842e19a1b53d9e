import { type FollowFrequency, MAX_FOLLOWS_PER_ADDRESS } from '@karta/contracts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountNotice } from '../../../components/form/account-notice.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useAccountForm } from '../../../hooks/use-account-form.ts';
import { emailProblems } from '../../../lib/forms/field-problems.ts';
import { fieldProblemMessage, formErrorMessage } from '../../../lib/forms/problem-messages.ts';
import { useCreateFollow } from '../api/create-follow.ts';
import { boxCorners, useFollowWords } from '../hooks/use-follow-words.ts';
import { followInput } from '../utils/follow-links.ts';
import type { FollowTarget } from '../utils/follow-target.ts';

const FIELDS = ['email'] as const;
const FREQUENCIES: readonly FollowFrequency[] = ['daily', 'weekly'];

interface FollowDialogProps {
  /** What is followed: the map's box or a spot, with the category filter as it was when opened. */
  target: FollowTarget;
  onClose(): void;
}

/**
 * "Follow this area / spot" by e-mail, without an account: what is followed, the address and how
 * often. Sent, it says a confirmation link is on its way and that nothing else comes before it is
 * followed; the server answers alike for every address, so it cannot say more.
 */
export function FollowDialog({ target, onClose }: FollowDialogProps) {
  const { t, i18n } = useTranslation();
  const words = useFollowWords();
  const create = useCreateFollow();
  const [frequency, setFrequency] = useState<FollowFrequency>('weekly');
  const [alerts, setAlerts] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailField = useRef<HTMLInputElement>(null);
  const frequencyName = useId();
  const form = useAccountForm({
    fields: FIELDS,
    validate: emailProblems,
    send: async (values) => {
      const email = values.email.trim();
      const language = i18n.resolvedLanguage ?? i18n.language;
      await create.mutateAsync(followInput(target, email, frequency, language, alerts));
      setSentTo(email);
    },
  });
  const emailProblem = form.problemOf('email');
  const kind = target.kind === 'area' ? 'Area' : 'Spot';
  const listFormat = new Intl.ListFormat(i18n.language, { type: 'conjunction' });

  return (
    <ModalDialog
      title={t(`follows.dialog.title${kind}`)}
      onClose={onClose}
      testId="follow-dialog"
      initialFocus={emailField}
    >
      {sentTo !== null ? (
        <AccountNotice
          testId="follow-requested"
          tone="sent"
          title={t('follows.dialog.requestedTitle')}
          takeFocus
          action={
            <button
              type="button"
              data-testid="follow-done"
              className={buttonStyles.primary}
              onClick={onClose}
            >
              {t('follows.dialog.done')}
            </button>
          }
        >
          <p className="break-words">{t('follows.dialog.requestedBody', { email: sentTo })}</p>
          <p>{t('follows.dialog.requestedLimit', { max: MAX_FOLLOWS_PER_ADDRESS })}</p>
        </AccountNotice>
      ) : (
        <form ref={form.formRef} noValidate onSubmit={form.onSubmit} data-testid="follow-form">
          <p className="text-sm text-gray-700">{t(`follows.dialog.intro${kind}`)}</p>
          <dl
            data-testid="follow-summary"
            className="mt-4 grid gap-x-4 gap-y-1 rounded-lg bg-gray-50 px-3.5 py-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)]"
          >
            <dt className="font-medium text-gray-900">{t('follows.where.label')}</dt>
            <dd className="break-words text-gray-700">
              {target.kind === 'area' ? (
                <>
                  {t('follows.where.inView')}
                  {target.near && target.near.length > 0 ? (
                    // In words: the places nearest its centre, as the reader knows the area.
                    <span className="block text-xs text-gray-600" data-testid="follow-area-words">
                      {t('follows.where.around', { places: listFormat.format(target.near) })}
                    </span>
                  ) : (
                    <span className="block text-xs text-gray-600 tabular-nums">
                      {boxCorners(target.bbox)}
                    </span>
                  )}
                </>
              ) : (
                words.where({ bbox: null, point: target.point })
              )}
            </dd>
            <dt className="font-medium text-gray-900">{t('follows.categories.label')}</dt>
            <dd className="break-words text-gray-700">{words.categoriesOf(target.categories)}</dd>
          </dl>
          <div className="mt-5 space-y-5">
            <FormAlert message={form.formError ? formErrorMessage(t, form.formError) : null} />
            <TextField
              {...form.fieldProps('email')}
              inputRef={emailField}
              type="email"
              autoComplete="email"
              label={t('auth.fields.email')}
              hint={t('follows.dialog.privacy')}
              error={emailProblem && fieldProblemMessage(t, 'email', emailProblem)}
            />
            <fieldset>
              <legend className="text-sm font-medium text-gray-900">{t('follows.frequency.legend')}</legend>
              <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
                {FREQUENCIES.map((option) => (
                  <label
                    key={option}
                    className={`flex cursor-pointer gap-3 rounded-lg border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-700 ${
                      frequency === option
                        ? 'border-blue-700 bg-blue-50'
                        : 'border-gray-300 bg-white hover:border-gray-400'
                    }`}
                  >
                    <input
                      type="radio"
                      name={frequencyName}
                      value={option}
                      checked={frequency === option}
                      data-testid={`follow-frequency-${option}`}
                      onChange={() => setFrequency(option)}
                      className="mt-0.5 size-4 shrink-0 accent-blue-700"
                    />
                    <span>
                      <span className="block text-sm font-semibold text-gray-900">
                        {t(`follows.frequency.${option}`)}
                      </span>
                      <span className="block text-sm text-gray-600">
                        {t(`follows.frequency.${option}Hint`)}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <label className="flex cursor-pointer gap-3 text-sm">
              <input
                type="checkbox"
                checked={alerts}
                data-testid="follow-alerts"
                onChange={(event) => setAlerts(event.target.checked)}
                className="mt-0.5 size-4 shrink-0 accent-blue-700"
              />
              <span>
                <span className="block font-semibold text-gray-900">{t('follows.alerts.label')}</span>
                <span className="block text-gray-600">{t('follows.alerts.hint')}</span>
              </span>
            </label>
            <SubmitButton sending={form.sending} busy={t('follows.dialog.submitting')} testId="follow-submit">
              {t('follows.dialog.submit')}
            </SubmitButton>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
