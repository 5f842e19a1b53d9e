import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { useAccountForm } from '../../../hooks/use-account-form.ts';
import { fieldProblemMessage, formErrorMessage } from '../../../lib/forms/problem-messages.ts';
import { useLogin } from '../api/login.ts';
import { signInProblems } from '../utils/account-problems.ts';

const FIELDS = ['email', 'password'] as const;

/**
 * The sign-in form. On success the user is in the current-user cache; the page decides where to go.
 * "Forgot your password?" is offered only where the site sends e-mail (the reset link is mailed).
 */
export function SignInForm({ registerHref }: { registerHref: string }) {
  const { t } = useTranslation();
  const { mail } = useRuntimeConfig();
  const login = useLogin();
  const form = useAccountForm({
    fields: FIELDS,
    validate: signInProblems,
    send: (values) => login.mutateAsync({ email: values.email.trim(), password: values.password }),
  });
  const emailProblem = form.problemOf('email');
  const passwordProblem = form.problemOf('password');

  return (
    <form ref={form.formRef} noValidate onSubmit={form.onSubmit} data-testid="sign-in-form">
      <FormAlert message={form.formError ? formErrorMessage(t, form.formError) : null} />
      <div className="space-y-5">
        <TextField
          {...form.fieldProps('email')}
          type="email"
          autoComplete="email"
          label={t('auth.fields.email')}
          error={emailProblem && fieldProblemMessage(t, 'email', emailProblem)}
        />
        <TextField
          {...form.fieldProps('password')}
          type="password"
          autoComplete="current-password"
          label={t('auth.fields.password')}
          error={passwordProblem && fieldProblemMessage(t, 'currentPassword', passwordProblem)}
        />
        {mail && (
          <p className="-mt-2 text-right text-sm">
            <Link href="/forgot-password" data-testid="forgot-password-link" className={buttonStyles.link}>
              {t('auth.signIn.forgotPassword')}
            </Link>
          </p>
        )}
        <SubmitButton sending={form.sending} busy={t('auth.signIn.submitting')} testId="sign-in-submit">
          {t('auth.signIn.submit')}
        </SubmitButton>
        <p className="text-center text-sm text-gray-700">
          {t('auth.signIn.noAccount')}{' '}
          <Link href={registerHref} data-testid="register-link" className={buttonStyles.link}>
            {t('auth.signIn.registerLink')}
          </Link>
        </p>
      </div>
    </form>
  );
}
