import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AccountNotice } from '../../../components/form/account-notice.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';

/**
 * A verification link that cannot be used (missing, cut short, used, expired), with the way to a
 * new one: signed in, "Send again" in the notice under the header; signed out, sign in first. An
 * account whose address is proven already is told there is nothing left to do.
 */
export function VerificationLinkInvalid({ takeFocus = false }: { takeFocus?: boolean }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  let hint = t('auth.verifyEmail.invalidSignedOut');
  if (user)
    hint = user.emailVerified ? t('auth.verifyEmail.alreadyVerified') : t('auth.verifyEmail.invalidSignedIn');
  return (
    <AccountNotice
      testId="verification-link-invalid"
      tone="problem"
      title={t('auth.verifyEmail.invalidTitle')}
      takeFocus={takeFocus}
      action={
        user ? (
          <Link href="/" className={buttonStyles.primary}>
            {t('auth.verifyEmail.toMap')}
          </Link>
        ) : (
          <Link href="/sign-in" data-testid="sign-in-to-resend" className={buttonStyles.primary}>
            {t('auth.verifyEmail.signIn')}
          </Link>
        )
      }
    >
      <p>{t('auth.verifyEmail.invalidBody')}</p>
      <p>{hint}</p>
    </AccountNotice>
  );
}
