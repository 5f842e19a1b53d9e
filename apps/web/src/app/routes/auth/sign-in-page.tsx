import { useTranslation } from 'react-i18next';
import { SignInForm } from '../../../features/auth/components/sign-in-form.tsx';
import { withNext } from '../../../features/auth/utils/safe-next-path.ts';
import { AccountPageFrame, useNextPath } from './account-page-frame.tsx';

/** `/sign-in?next=/where/to/go`. */
export function SignInPage() {
  const { t } = useTranslation();
  const next = useNextPath();
  return (
    <AccountPageFrame title={t('auth.signIn.title')} intro={t('auth.signIn.intro')}>
      <SignInForm registerHref={withNext('/register', next)} />
    </AccountPageFrame>
  );
}
