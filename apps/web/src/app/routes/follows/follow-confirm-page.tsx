import { useTranslation } from 'react-i18next';
import { useLinkToken } from '../../../features/auth/hooks/use-link-token.ts';
import { FollowConfirmation } from '../../../features/follows/components/follow-confirmation.tsx';
import { FollowLinkInvalid } from '../../../features/follows/components/follow-link-invalid.tsx';
import { AccountPageLayout } from '../auth/account-page-frame.tsx';

/**
 * `/follows/confirm?token=…`, the link of a follow's confirmation e-mail: confirmed by a button,
 * never on opening. The token is read once and taken out of the address; a missing or cut-short
 * one is not sent.
 */
export function FollowConfirmPage() {
  const { t } = useTranslation();
  const token = useLinkToken();
  return (
    <AccountPageLayout title={t('follows.confirm.title')} intro={t('follows.confirm.intro')}>
      {token ? <FollowConfirmation token={token} /> : <FollowLinkInvalid link="confirm" />}
    </AccountPageLayout>
  );
}
