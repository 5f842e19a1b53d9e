import { useTranslation } from 'react-i18next';
import { WebhooksScreen } from '../../../features/webhooks/components/webhooks-screen.tsx';
import { StaffPage } from './staff-page.tsx';

/** `/webhooks` (admins): where the site sends its events, adding one, and each one's log. */
export function WebhooksPage() {
  const { t } = useTranslation();
  return (
    <StaffPage screen="webhooks" requires="admin" title={t('webhooks.title')} intro={t('webhooks.intro')}>
      {() => <WebhooksScreen />}
    </StaffPage>
  );
}
