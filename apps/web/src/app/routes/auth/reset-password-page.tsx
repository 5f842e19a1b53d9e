import { useTranslation } from 'react-i18next';
import { ResetLinkInvalid } from '../../../features/auth/components/reset-link-invalid.tsx';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx';
import { useLinkToken } from '../../../features/auth/hooks/use-link-token.ts';
import { AccountPageLayout } from './account-page-frame.tsx';

/**
 * `/reset-password?token=…`, the link of the reset e-mail. The token is read once and then taken
 * out of the address (replacing the history entry), so it stays neither in the history nor in
 * what is shared or bookmarked from here. A missing or cut-short token is not sent at all.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const token = useLinkToken();
  return (
    <AccountPageLayout title={t('auth.resetPassword.title')} intro={t('auth.resetPassword.intro')}>
      {token ? <ResetPasswordForm token={token} /> : <ResetLinkInvalid />}
    </AccountPageLayout>
  );
}
