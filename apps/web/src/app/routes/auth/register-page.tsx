import { useTranslation } from 'react-i18next';
import { RegisterForm } from '../../../features/auth/components/register-form.tsx';
import { withNext } from '../../../features/auth/utils/safe-next-path.ts';
import { AccountPageFrame, useNextPath } from './account-page-frame.tsx';

/** `/register?next=/where/to/go`. */
export function RegisterPage() {
  const { t } = useTranslation();
  const next = useNextPath();
  return (
    <AccountPageFrame title={t('auth.register.title')} intro={t('auth.register.intro')}>
      <RegisterForm signInHref={withNext('/sign-in', next)} />
    </AccountPageFrame>
  );
}
