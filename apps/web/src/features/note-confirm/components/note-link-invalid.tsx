import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AccountNotice } from '../../../components/form/account-notice.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';

/** A note's confirmation link that cannot be used (missing, cut short, used, expired or unknown). */
export function NoteLinkInvalid({ takeFocus = false }: { takeFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <AccountNotice
      testId="note-link-invalid"
      tone="problem"
      title={t('noteConfirm.invalidTitle')}
      takeFocus={takeFocus}
      action={
        <Link href="/" className={buttonStyles.primary}>
          {t('noteConfirm.toMap')}
        </Link>
      }
    >
      <p>{t('noteConfirm.invalidBody')}</p>
    </AccountNotice>
  );
}
