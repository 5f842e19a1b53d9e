import { useTranslation } from 'react-i18next';
import { EmailVerification } from '../../../features/auth/components/email-verification.tsx';
import { VerificationLinkInvalid } from '../../../features/auth/components/verification-link-invalid.tsx';
import { useLinkToken } from '../../../features/auth/hooks/use-link-token.ts';
import { AccountPageLayout } from './account-page-frame.tsx';

/**
 * `/verify-email?token=…`, the link of the verification e-mail: proves the address at once (the
 * link proves only that the mail arrived, so there is nothing to ask first). The token is read
 * once and taken out of the address; a missing or cut-short one is not sent.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const token = useLinkToken();
  return (
    <AccountPageLayout title={t('auth.verifyEmail.title')} intro={t('auth.verifyEmail.intro')}>
      {token ? <EmailVerification token={token} /> : <VerificationLinkInvalid />}
    </AccountPageLayout>
  );
}
