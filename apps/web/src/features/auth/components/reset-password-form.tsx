import { PASSWORD_MIN_LENGTH } from '@karta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AccountNotice } from '../../../components/form/account-notice.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useAccountForm } from '../../../hooks/use-account-form.ts';
import { isLinkRefusal } from '../../../lib/forms/link-refusal.ts';
import { fieldProblemMessage, formErrorMessage } from '../../../lib/forms/problem-messages.ts';
import { useConfirmPasswordReset } from '../api/confirm-password-reset.ts';
import { resetPasswordProblems } from '../utils/account-problems.ts';
import { ResetLinkInvalid } from './reset-link-invalid.tsx';

const FIELDS = ['password'] as const;

/**
 * The new password of a reset link, by the registration rules. It ends in the password saved (every
 * session of the account ended: the reader signs in again) or in a link that no longer works.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const confirm = useConfirmPasswordReset();
  const [done, setDone] = useState(false);
  const form = useAccountForm({
    fields: FIELDS,
    validate: resetPasswordProblems,
    send: async (values) => {
      await confirm.mutateAsync({ token, password: values.password });
      setDone(true);
    },
  });
  const passwordProblem = form.problemOf('password');

  if (done) {
    return (
      <AccountNotice
        testId="password-reset-done"
        tone="done"
        title={t('auth.resetPassword.doneTitle')}
        takeFocus
        action={
          <Link href="/sign-in" data-testid="sign-in-after-reset" className={buttonStyles.primary}>
            {t('auth.resetPassword.signIn')}
          </Link>
        }
      >
        <p>{t('auth.resetPassword.doneBody')}</p>
      </AccountNotice>
    );
  }
  if (isLinkRefusal(form.formError, 'reset_link_invalid')) return <ResetLinkInvalid takeFocus />;

  return (
    <form ref={form.formRef} noValidate onSubmit={form.onSubmit} data-testid="reset-password-form">
      <FormAlert message={form.formError ? formErrorMessage(t, form.formError) : null} />
      <div className="space-y-5">
        <TextField
          {...form.fieldProps('password')}
          type="password"
          autoComplete="new-password"
          label={t('auth.fields.newPassword')}
          hint={t('auth.register.passwordHint', { minimum: PASSWORD_MIN_LENGTH })}
          error={passwordProblem && fieldProblemMessage(t, 'newPassword', passwordProblem)}
        />
        <SubmitButton
          sending={form.sending}
          busy={t('auth.resetPassword.submitting')}
          testId="reset-password-submit"
        >
          {t('auth.resetPassword.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
