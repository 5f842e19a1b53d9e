import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AccountNotice } from '../../../components/form/account-notice.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { isLinkRefusal } from '../../../lib/forms/link-refusal.ts';
import { formErrorMessage } from '../../../lib/forms/problem-messages.ts';
import { useConfirmRegistration } from '../api/register.ts';

/**
 * Makes the account of a registration link when the reader presses the button, not when the page
 * opens: mail scanners open links, and one that did so would spend the link and be signed in in
 * the reader's place.
 */
export function RegistrationCompletion({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const complete = useConfirmRegistration();

  if (!token || (complete.isError && isLinkRefusal(complete.error, 'registration_link_invalid'))) {
    return <RegistrationLinkInvalid takeFocus={token !== null} />;
  }
  if (complete.isSuccess) {
    return (
      <AccountNotice
        testId="registration-done"
        tone="done"
        title={t('auth.completeRegistration.doneTitle')}
        takeFocus
        action={
          <Link href="/" className={buttonStyles.primary}>
            {t('auth.verifyEmail.toMap')}
          </Link>
        }
      >
        <p>{t('auth.completeRegistration.doneBody', { name: complete.data.displayName })}</p>
      </AccountNotice>
    );
  }
  return (
    <form
      data-testid="registration-completion"
      onSubmit={(event) => {
        event.preventDefault();
        if (!complete.isPending) complete.mutate({ token });
      }}
    >
      <FormAlert message={complete.isError ? formErrorMessage(t, complete.error) : null} />
      <p className="mb-5 text-sm text-gray-700">{t('auth.completeRegistration.body')}</p>
      <SubmitButton
        sending={complete.isPending}
        busy={t('auth.register.submitting')}
        testId="complete-registration-submit"
      >
        {t('auth.completeRegistration.submit')}
      </SubmitButton>
    </form>
  );
}

/** A registration link that cannot be used (missing, cut short, used, expired), with the ways on. */
function RegistrationLinkInvalid({ takeFocus }: { takeFocus: boolean }) {
  const { t } = useTranslation();
  return (
    <AccountNotice
      testId="registration-link-invalid"
      tone="problem"
      title={t('auth.verifyEmail.invalidTitle')}
      takeFocus={takeFocus}
      action={
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Link href="/register" className={buttonStyles.primary}>
            {t('auth.completeRegistration.registerAgain')}
          </Link>
          <Link href="/sign-in" className={`${buttonStyles.link} text-sm`}>
            {t('auth.register.signInLink')}
          </Link>
        </div>
      }
    >
      <p>{t('auth.completeRegistration.invalidBody')}</p>
    </AccountNotice>
  );
}
