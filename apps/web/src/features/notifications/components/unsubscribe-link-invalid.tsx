import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AccountNotice } from '../../../components/form/account-notice.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';

/** An unsubscribe link that cannot be used: missing, cut short, or unknown to the server. */
export function UnsubscribeLinkInvalid({ takeFocus = false }: { takeFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <AccountNotice
      testId="unsubscribe-link-invalid"
      tone="problem"
      title={t('notifications.unsubscribe.invalidTitle')}
      takeFocus={takeFocus}
      action={
        <Link href="/account" className={buttonStyles.primary}>
          {t('notifications.unsubscribe.toAccount')}
        </Link>
      }
    >
      <p>{t('notifications.unsubscribe.invalidBody')}</p>
    </AccountNotice>
  );
}
