import { useTranslation } from 'react-i18next';
import { NeedsCheckingList } from '../../../features/freshness/components/needs-checking-list.tsx';
import { StaffPage } from './staff-page.tsx';

/** `/checking` (moderators): places that may not be there any more. */
export function CheckingPage() {
  const { t } = useTranslation();
  return (
    <StaffPage
      screen="checking"
      requires="moderator"
      title={t('freshness.queue.title')}
      intro={t('freshness.queue.intro')}
    >
      {() => <NeedsCheckingList />}
    </StaffPage>
  );
}
