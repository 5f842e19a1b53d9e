import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { RegisterForm } from '../../../features/auth/components/register-form.tsx';
import { withNext } from '../../../features/auth/utils/safe-next-path.ts';
import { AccountPageFrame, useNextPath } from './account-page-frame.tsx';

/** `/register?next=/where/to/go`; on an SSO-only site (PASSWORD_LOGIN=false) a pointer to sign-in. */
export function RegisterPage() {
  const { t } = useTranslation();
  const next = useNextPath();
  const { signIn } = useRuntimeConfig();
  const signInHref = withNext('/sign-in', next);
  return (
    <AccountPageFrame title={t('auth.register.title')} intro={t('auth.register.intro')}>
      {signIn.password ? (
        <RegisterForm signInHref={signInHref} />
      ) : (
        <p className="text-sm text-gray-700">
          {t('sso.registerOff')}{' '}
          <Link href={signInHref} className={buttonStyles.link}>
            {t('auth.signIn.title')}
          </Link>
        </p>
      )}
    </AccountPageFrame>
  );
}
