import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { ResetLinkInvalid } from '../../../features/auth/components/reset-link-invalid.tsx';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx';
import { resetTokenOf } from '../../../features/auth/utils/reset-token.ts';
import { AccountPageLayout } from './account-page-frame.tsx';

/**
 * `/reset-password?token=…`, the link of the reset e-mail. The token is read once and then taken
 * out of the address (replacing the history entry), so it stays neither in the history nor in
 * what is shared or bookmarked from here. A missing or cut-short token is not sent at all.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [token] = useState(() => resetTokenOf(search));

  useEffect(() => {
    if (search !== '') navigate(location, { replace: true });
  }, [search, location, navigate]);

  return (
    <AccountPageLayout title={t('auth.resetPassword.title')} intro={t('auth.resetPassword.intro')}>
      {token ? <ResetPasswordForm token={token} /> : <ResetLinkInvalid />}
    </AccountPageLayout>
  );
}
