import type { JobState } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { TabLinks } from '../../../components/ui/tab-links.tsx';
import { JOB_STATES } from '../utils/job-states.ts';

/**
 * The state filter as links with how many jobs are in each state (`/jobs?state=dead`), so it
 * survives a reload and can be shared; "All" first.
 */
export function JobStateTabs({
  current,
  counts,
}: {
  current: JobState | null;
  counts: Partial<Record<JobState, number>> | undefined;
}) {
  const { t } = useTranslation();
  const total = JOB_STATES.reduce((sum, state) => sum + (counts?.[state] ?? 0), 0);
  const label = (name: string, count: number) => (counts ? t('jobs.tabCount', { name, count }) : name);
  const tabs = [
    { value: 'all', href: '/jobs', label: label(t('jobs.all'), total) },
    ...JOB_STATES.map((state) => ({
      value: state,
      href: `/jobs?state=${state}`,
      label: label(t(`jobs.states.${state}`), counts?.[state] ?? 0),
    })),
  ];
  return <TabLinks tabs={tabs} current={current ?? 'all'} label={t('jobs.filterLabel')} />;
}
