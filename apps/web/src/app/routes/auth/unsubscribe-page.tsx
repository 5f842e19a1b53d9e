import { useTranslation } from 'react-i18next';
import { useLinkToken } from '../../../features/auth/hooks/use-link-token.ts';
import { UnsubscribeConfirmation } from '../../../features/notifications/components/unsubscribe-confirmation.tsx';
import { UnsubscribeLinkInvalid } from '../../../features/notifications/components/unsubscribe-link-invalid.tsx';
import { AccountPageLayout } from './account-page-frame.tsx';

/**
 * `/unsubscribe?token=…`, the unsubscribe link of an e-mail: says what it ends and ends it when
 * the reader confirms, never on opening (mail clients' one-click unsubscribe POSTs to the API
 * itself). The token is read once and taken out of the address.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const token = useLinkToken();
  return (
    <AccountPageLayout
      title={t('notifications.unsubscribe.title')}
      intro={t('notifications.unsubscribe.intro')}
    >
      {token ? <UnsubscribeConfirmation token={token} /> : <UnsubscribeLinkInvalid />}
    </AccountPageLayout>
  );
}
