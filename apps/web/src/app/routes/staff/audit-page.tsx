import { useTranslation } from 'react-i18next';
import { AuditLog } from '../../../features/audit/components/audit-log.tsx';
import { StaffPage } from './staff-page.tsx';

/** `/audit` (admins): every moderator's and admin's action, newest first, filtered. */
export function AuditPage() {
  const { t } = useTranslation();
  return (
    <StaffPage screen="audit" requires="admin" title={t('audit.title')} intro={t('audit.intro')}>
      {() => <AuditLog />}
    </StaffPage>
  );
}
