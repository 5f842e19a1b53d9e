import { useTranslation } from 'react-i18next';
import { BlockedSendersSection } from '../../../features/blocked-senders/components/blocked-senders-section.tsx';
import { UserList } from '../../../features/users/components/user-list.tsx';
import { StaffPage } from './staff-page.tsx';

/** `/users` (admins): accounts, their roles, disabling; and the addresses whose notes are refused. */
export function UsersPage() {
  const { t } = useTranslation();
  return (
    <StaffPage screen="users" requires="admin" title={t('users.title')} intro={t('users.intro')}>
      {(user) => (
        <>
          <UserList currentUserId={user.id} />
          <BlockedSendersSection />
        </>
      )}
    </StaffPage>
  );
}
