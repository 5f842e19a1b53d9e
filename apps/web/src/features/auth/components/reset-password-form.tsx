import { PASSWORD_MIN_LENGTH } from '@karta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useConfirmPasswordReset } from '../api/confirm-password-reset.ts';
import { useAuthForm } from '../hooks/use-auth-form.ts';
import { resetPasswordProblems } from '../utils/field-problems.ts';
import { isLinkRefusal } from '../utils/link-refusal.ts';
import { fieldProblemMessage, formErrorMessage } from '../utils/problem-messages.ts';
import { AccountNotice } from './account-notice.tsx';
import { FormAlert } from './form-alert.tsx';
import { ResetLinkInvalid } from './reset-link-invalid.tsx';
import { TextField } from './text-field.tsx';

const FIELDS = ['password'] as const;

/**
 * The new password of a reset link, by the registration rules. It ends in the password saved (every
 * session of the account ended: the reader signs in again) or in a link that no longer works.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const confirm = useConfirmPasswordReset();
  const [done, setDone] = useState(false);
  const form = useAuthForm({
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
