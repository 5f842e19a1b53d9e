import { useTranslation } from 'react-i18next';
import { ImportScreen } from '../../../features/import/components/import-screen.tsx';
import { StaffPage } from './staff-page.tsx';

/** `/import` (moderators and admins): import places from CSV or GeoJSON, and export them. */
export function ImportPage() {
  const { t } = useTranslation();
  return (
    <StaffPage screen="import" requires="moderator" title={t('importer.title')} intro={t('importer.intro')}>
      {() => <ImportScreen />}
    </StaffPage>
  );
}
