import { useTranslation } from 'react-i18next';
import { CategoryManager } from '../../../features/categories/components/category-manager/category-manager.tsx';
import { StaffPage } from './staff-page.tsx';

/**
 * `/categories` (moderators): add, rename, recolour and delete categories, and edit their fields;
 * an admin may also delete a removed field's hidden values for good.
 */
export function CategoriesPage() {
  const { t } = useTranslation();
  return (
    <StaffPage
      screen="categories"
      requires="moderator"
      title={t('categories.manage.title')}
      intro={t('categories.manage.intro')}
    >
      {(user) => <CategoryManager canPurge={user.role === 'admin'} />}
    </StaffPage>
  );
}
