import { useTranslation } from 'react-i18next';
import { ImportScreen } from '../../../features/import/components/import-screen.tsx';
import { StaffGate } from './staff-gate.tsx';

/** `/import` (moderators and admins): import places from CSV or GeoJSON, and export them. */
export function ImportPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-8" data-testid="import-page">
      <h1 className="text-2xl font-bold text-gray-900">{t('importer.title')}</h1>
      <p className="mt-1 mb-5 text-sm text-gray-600">{t('importer.intro')}</p>
      <StaffGate requires="moderator">{() => <ImportScreen />}</StaffGate>
    </div>
  );
}
