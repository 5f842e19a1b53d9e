import type { PlaceStatus } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';

/** Each status in its own colour, all at WCAG AA contrast on their background. */
const LOOKS: Record<PlaceStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-300',
  published: 'bg-green-100 text-green-900 ring-green-300',
  rejected: 'bg-red-100 text-red-900 ring-red-300',
  archived: 'bg-gray-100 text-gray-800 ring-gray-300',
};

/** A place's status as a badge (text, not colour alone). */
export function StatusBadge({ status }: { status: PlaceStatus }) {
  const { t } = useTranslation();
  return (
    <Badge look={LOOKS[status]} testId="status-badge">
      {t(`mySubmissions.status.${status}`)}
    </Badge>
  );
}
