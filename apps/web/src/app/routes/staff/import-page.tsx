import { useTranslation } from 'react-i18next';
import { ImportScreen } from '../../../features/import/components/import-screen.tsx';
import { ImportSourcesSection } from '../../../features/import-sources/components/import-sources-section.tsx';
import { StaffPage } from './staff-page.tsx';

/**
 * `/import` (moderators and admins): import places from CSV or GeoJSON, and export them; for
 * admins also the scheduled imports.
 */
export function ImportPage() {
  const { t } = useTranslation();
  return (
    <StaffPage screen="import" requires="moderator" title={t('importer.title')} intro={t('importer.intro')}>
      {(user) => (
        <div className="space-y-10">
          <ImportScreen />
          {user.role === 'admin' && <ImportSourcesSection />}
        </div>
      )}
    </StaffPage>
  );
}
