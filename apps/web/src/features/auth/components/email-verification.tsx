import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AccountNotice } from '../../../components/form/account-notice.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { RetryIcon } from '../../../components/ui/icons.tsx';
import { LoadingState } from '../../../components/ui/states.tsx';
import { isLinkRefusal } from '../../../lib/forms/link-refusal.ts';
import { formErrorMessage } from '../../../lib/forms/problem-messages.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { VerificationLinkInvalid } from './verification-link-invalid.tsx';

/**
 * Proves the address of a verification link as soon as it is shown, once (React's development
 * double effects included): the address is proven, or the link no longer works, or the request
 * failed for another reason (no connection, too many attempts), which can be tried again.
 */
export function EmailVerification({ token }: { token: string }) {
  const { t } = useTranslation();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate({ token });
  }, [mutate, token]);

  if (verify.isSuccess) {
    return (
      <AccountNotice
        testId="email-verified"
        tone="done"
        title={t('auth.verifyEmail.doneTitle')}
        takeFocus
        action={
          <Link href="/" className={buttonStyles.primary}>
            {t('auth.verifyEmail.toMap')}
          </Link>
        }
      >
        <p>{t('auth.verifyEmail.doneBody')}</p>
      </AccountNotice>
    );
  }
  if (verify.isError && isLinkRefusal(verify.error, 'verification_link_invalid')) {
    return <VerificationLinkInvalid takeFocus />;
  }
  if (verify.isError) {
    return (
      <div data-testid="verification-failed">
        <FormAlert message={formErrorMessage(t, verify.error)} />
        <button type="button" className={buttonStyles.secondary} onClick={() => mutate({ token })}>
          <RetryIcon />
          {t('errors.retry')}
        </button>
      </div>
    );
  }
  return <LoadingState label={t('auth.verifyEmail.confirming')} />;
}
