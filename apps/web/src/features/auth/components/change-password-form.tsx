import { PASSWORD_MIN_LENGTH } from '@karta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useAccountForm } from '../../../hooks/use-account-form.ts';
import { fieldProblemMessage, formErrorMessage } from '../../../lib/forms/problem-messages.ts';
import { useChangePassword } from '../api/change-password.ts';
import { changePasswordProblems } from '../utils/account-problems.ts';

const FIELDS = ['currentPassword', 'newPassword'] as const;

/**
 * Changes the signed-in user's password, given the current one (a wrong one is shown on its
 * field). On success the fields are emptied and the form says that every other browser was signed
 * out; this one stays signed in. `email` is the account's, for password managers to save it with.
 */
export function ChangePasswordForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [changed, setChanged] = useState(false);
  const form = useAccountForm({
    fields: FIELDS,
    validate: changePasswordProblems,
    errorFields: { wrong_password: 'currentPassword' },
    clearOnSuccess: true,
    send: async (values) => {
      setChanged(false);
      await change.mutateAsync(values);
      setChanged(true);
    },
  });
  const currentProblem = form.problemOf('currentPassword');
  const newProblem = form.problemOf('newPassword');

  return (
    <form ref={form.formRef} noValidate onSubmit={form.onSubmit} data-testid="change-password-form">
      <FormAlert message={form.formError ? formErrorMessage(t, form.formError) : null} />
      <div role="status">
        {changed && (
          <p
            data-testid="password-changed"
            className="mb-5 rounded-lg border border-green-200 bg-green-50 px-3.5 py-3 text-sm font-medium text-green-900"
          >
            {t('account.changePassword.done')}
          </p>
        )}
      </div>
      {/* Which account the password belongs to, for the browser's password manager. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <div className="space-y-5">
        <TextField
          {...form.fieldProps('currentPassword')}
          type="password"
          autoComplete="current-password"
          label={t('auth.fields.currentPassword')}
          error={currentProblem && fieldProblemMessage(t, 'currentPassword', currentProblem)}
        />
        <TextField
          {...form.fieldProps('newPassword')}
          type="password"
          autoComplete="new-password"
          label={t('auth.fields.newPassword')}
          hint={t('auth.register.passwordHint', { minimum: PASSWORD_MIN_LENGTH })}
          error={newProblem && fieldProblemMessage(t, 'newPassword', newProblem)}
        />
        <SubmitButton
          sending={form.sending}
          busy={t('account.changePassword.submitting')}
          testId="change-password-submit"
          className="w-full sm:w-auto"
        >
          {t('account.changePassword.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
