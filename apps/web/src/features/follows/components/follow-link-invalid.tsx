import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AccountNotice } from '../../../components/form/account-notice.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';

interface FollowLinkInvalidProps {
  /** Which link: a follow's confirmation, or the one that lists an address's follows. */
  link: 'confirm' | 'manage';
  takeFocus?: boolean;
}

/** A follow link that cannot be used (missing, cut short, used, expired or unknown), with the way on. */
export function FollowLinkInvalid({ link, takeFocus = false }: FollowLinkInvalidProps) {
  const { t } = useTranslation();
  return (
    <AccountNotice
      testId={link === 'confirm' ? 'follow-link-invalid' : 'follows-link-invalid'}
      tone="problem"
      title={t('follows.invalidTitle')}
      takeFocus={takeFocus}
      action={
        <Link href="/" className={buttonStyles.primary}>
          {t('follows.toMap')}
        </Link>
      }
    >
      <p>{t(link === 'confirm' ? 'follows.confirm.invalidBody' : 'follows.manage.invalidBody')}</p>
    </AccountNotice>
  );
}
