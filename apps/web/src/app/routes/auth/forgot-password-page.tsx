import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AccountNotice } from '../../../components/form/account-notice.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form.tsx';
import { AccountPageLayout } from './account-page-frame.tsx';

/** `/forgot-password`: asks for a reset link by e-mail; where the site sends none, says so instead. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { mail } = useRuntimeConfig();
  return (
    <AccountPageLayout title={t('auth.forgotPassword.title')} intro={t('auth.forgotPassword.intro')}>
      {mail ? (
        <ForgotPasswordForm />
      ) : (
        <AccountNotice
          testId="reset-mail-off"
          tone="problem"
          title={t('auth.forgotPassword.mailOffTitle')}
          action={
            <Link href="/sign-in" className={buttonStyles.primary}>
              {t('auth.forgotPassword.backToSignIn')}
            </Link>
          }
        >
          <p>{t('auth.forgotPassword.mailOffBody')}</p>
        </AccountNotice>
      )}
    </AccountPageLayout>
  );
}
