import { useTranslation } from 'react-i18next';
import { JobList } from '../../../features/jobs/components/job-list.tsx';
import { StaffPage } from './staff-page.tsx';

/** `/jobs` (admins): the background jobs, by state, and running a dead or failing one again. */
export function JobsPage() {
  const { t } = useTranslation();
  return (
    <StaffPage screen="jobs" requires="admin" title={t('jobs.title')} intro={t('jobs.intro')}>
      {() => <JobList />}
    </StaffPage>
  );
}
