import { useTranslation } from 'react-i18next';
import { UserList } from '../../../features/users/components/user-list.tsx';
import { StaffPage } from './staff-page.tsx';

/** `/users` (admins): accounts, their roles, disabling. */
export function UsersPage() {
  const { t } = useTranslation();
  return (
    <StaffPage screen="users" requires="admin" title={t('users.title')} intro={t('users.intro')}>
      {(user) => <UserList currentUserId={user.id} />}
    </StaffPage>
  );
}
