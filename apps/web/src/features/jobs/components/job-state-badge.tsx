import type { JobState } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';

/** Each state's colours (AA contrast); the state is always in words beside them too. */
const LOOKS: Record<JobState, string> = {
  queued: 'bg-gray-100 text-gray-800 ring-gray-300',
  failing: 'bg-amber-50 text-amber-900 ring-amber-300',
  running: 'bg-blue-50 text-blue-800 ring-blue-300',
  done: 'bg-green-50 text-green-800 ring-green-300',
  dead: 'bg-red-50 text-red-800 ring-red-300',
};

/** A job's state as a coloured pill with its name. */
export function JobStateBadge({ state }: { state: JobState }) {
  const { t } = useTranslation();
  return (
    <Badge look={LOOKS[state]} testId="job-state">
      {t(`jobs.states.${state}`)}
    </Badge>
  );
}
