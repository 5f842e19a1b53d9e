import { useTranslation } from 'react-i18next';
import { FlagList } from '../../../features/flags/components/flag-list.tsx';
import { StaffPage } from './staff-page.tsx';

/** `/flags` (moderators): reports on places. */
export function FlagsPage() {
  const { t } = useTranslation();
  return (
    <StaffPage screen="flags" requires="moderator" title={t('flags.title')} intro={t('flags.intro')}>
      {() => <FlagList />}
    </StaffPage>
  );
}
