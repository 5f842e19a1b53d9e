import { ApiError } from '@karta/api-client';
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
import { fieldProblemMessage, formErrorMessage } from '../../../lib/forms/problem-messages.ts';
import { isPending, useRegister } from '../api/register.ts';
import { registerProblems } from '../utils/account-problems.ts';

const FIELDS = ['displayName', 'email', 'password'] as const;

/**
 * The registration form, sent with the interface's language. Where the site sends no e-mail the
 * new user is signed in at once and the page decides where to go; where it does, the form gives
 * way to "check your inbox", the same for every address (the server tells the rest by e-mail).
 */
export function RegisterForm({ signInHref }: { signInHref: string }) {
  const { t, i18n } = useTranslation();
  const register = useRegister();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAccountForm({
    fields: FIELDS,
    validate: registerProblems,
    // The account's e-mail (the registration link first) is written in the language it was made in.
    send: async (values) => {
      const answer = await register.mutateAsync({
        ...values,
        language: i18n.resolvedLanguage ?? i18n.language,
      });
      if (isPending(answer)) setSentTo(values.email.trim());
    },
    clearOnSuccess: true,
  });
  const nameProblem = form.problemOf('displayName');
  const emailProblem = form.problemOf('email');
  const passwordProblem = form.problemOf('password');
  const refused = form.formError instanceof ApiError && form.formError.code === 'registration_refused';

  if (sentTo !== null) {
    return (
      <AccountNotice
        testId="registration-sent"
        tone="sent"
        title={t('auth.register.sentTitle')}
        takeFocus
        action={
          <Link href={signInHref} className={buttonStyles.primary}>
            {t('auth.register.signInInstead')}
          </Link>
        }
      >
        <p className="break-words">{t('auth.register.sentBody', { email: sentTo })}</p>
        <p>{t('auth.register.sentHaveAccount')}</p>
        <p>{t('auth.forgotPassword.sentSpam')}</p>
      </AccountNotice>
    );
  }

  return (
    <form ref={form.formRef} noValidate onSubmit={form.onSubmit} data-testid="register-form">
      <FormAlert
        message={form.formError ? formErrorMessage(t, form.formError) : null}
        action={
          refused && (
            <Link href={signInHref} className={`${buttonStyles.link} text-red-900`}>
              {t('auth.register.signInInstead')}
            </Link>
          )
        }
      />
      <div className="space-y-5">
        <TextField
          {...form.fieldProps('displayName')}
          autoComplete="name"
          label={t('auth.fields.displayName')}
          hint={t('auth.register.displayNameHint')}
          error={nameProblem && fieldProblemMessage(t, 'displayName', nameProblem)}
        />
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
          autoComplete="new-password"
          label={t('auth.fields.password')}
          hint={t('auth.register.passwordHint', { minimum: PASSWORD_MIN_LENGTH })}
          error={passwordProblem && fieldProblemMessage(t, 'newPassword', passwordProblem)}
        />
        <SubmitButton sending={form.sending} busy={t('auth.register.submitting')} testId="register-submit">
          {t('auth.register.submit')}
        </SubmitButton>
        <p className="text-center text-sm text-gray-700">
          {t('auth.register.haveAccount')}{' '}
          <Link href={signInHref} data-testid="sign-in-instead" className={buttonStyles.link}>
            {t('auth.register.signInLink')}
          </Link>
        </p>
      </div>
    </form>
  );
}
