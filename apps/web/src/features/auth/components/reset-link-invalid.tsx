import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AccountNotice } from '../../../components/form/account-notice.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';

/** A reset link that cannot be used (missing, cut short, used, expired), with the way to a new one. */
export function ResetLinkInvalid({ takeFocus = false }: { takeFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <AccountNotice
      testId="reset-link-invalid"
      tone="problem"
      title={t('auth.resetPassword.invalidTitle')}
      takeFocus={takeFocus}
      action={
        <Link href="/forgot-password" data-testid="request-new-link" className={buttonStyles.primary}>
          {t('auth.resetPassword.requestNew')}
        </Link>
      }
    >
      <p>{t('auth.resetPassword.invalidBody')}</p>
    </AccountNotice>
  );
}
