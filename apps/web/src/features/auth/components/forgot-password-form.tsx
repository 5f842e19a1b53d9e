import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AccountNotice } from '../../../components/form/account-notice.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useAccountForm } from '../../../hooks/use-account-form.ts';
import { fieldProblemMessage, formErrorMessage } from '../../../lib/forms/problem-messages.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { resetRequestProblems } from '../utils/account-problems.ts';

const FIELDS = ['email'] as const;

/**
 * "Forgot your password?": asks for a reset link to be mailed, in the reader's language. The
 * server answers alike whether or not an account uses the address, so the confirmation says "if".
 */
export function ForgotPasswordForm() {
  const { t, i18n } = useTranslation();
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAccountForm({
    fields: FIELDS,
    validate: resetRequestProblems,
    send: async (values) => {
      const email = values.email.trim();
      await request.mutateAsync({ email, language: i18n.resolvedLanguage ?? i18n.language });
      setSentTo(email);
    },
  });
  const emailProblem = form.problemOf('email');
  const [backToForm, setBackToForm] = useState(false);

  // Back from the confirmation, the reader continues in the field they are likely to correct.
  useEffect(() => {
    if (!backToForm) return;
    setBackToForm(false);
    const field = form.formRef.current?.elements.namedItem('email');
    if (field instanceof HTMLElement) field.focus();
  }, [backToForm, form.formRef]);

  if (sentTo !== null) {
    return (
      <AccountNotice
        testId="reset-requested"
        tone="sent"
        title={t('auth.forgotPassword.sentTitle')}
        takeFocus
        action={
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <Link href="/sign-in" className={buttonStyles.primary}>
              {t('auth.forgotPassword.backToSignIn')}
            </Link>
            <button
              type="button"
              data-testid="reset-send-again"
              onClick={() => {
                setSentTo(null);
                setBackToForm(true);
              }}
              className={`${buttonStyles.link} text-sm`}
            >
              {t('auth.forgotPassword.sendAgain')}
            </button>
          </div>
        }
      >
        <p className="break-words">{t('auth.forgotPassword.sentBody', { email: sentTo })}</p>
        <p>{t('auth.forgotPassword.sentSpam')}</p>
      </AccountNotice>
    );
  }

  return (
    <form ref={form.formRef} noValidate onSubmit={form.onSubmit} data-testid="forgot-password-form">
      <FormAlert message={form.formError ? formErrorMessage(t, form.formError) : null} />
      <div className="space-y-5">
        <TextField
          {...form.fieldProps('email')}
          type="email"
          autoComplete="email"
          label={t('auth.fields.email')}
          error={emailProblem && fieldProblemMessage(t, 'email', emailProblem)}
        />
        <SubmitButton
          sending={form.sending}
          busy={t('auth.forgotPassword.submitting')}
          testId="forgot-password-submit"
        >
          {t('auth.forgotPassword.submit')}
        </SubmitButton>
        <p className="text-center text-sm text-gray-700">
          {t('auth.forgotPassword.rememberPassword')}{' '}
          <Link href="/sign-in" className={buttonStyles.link}>
            {t('auth.forgotPassword.backToSignIn')}
          </Link>
        </p>
      </div>
    </form>
  );
}
