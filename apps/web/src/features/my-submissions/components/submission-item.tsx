import type { PlaceListItem } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { formatDate } from '../../../lib/i18n/format.ts';
import { localizeText } from '../../../lib/i18n/localize-text.ts';
import { StatusBadge } from './status-badge.tsx';

interface SubmissionItemProps {
  place: PlaceListItem;
  categoryName?: string;
  resubmitting: boolean;
  onResubmit(place: PlaceListItem): void;
}

/** One of the user's places: its status, why it was rejected, and what they can do with it now. */
export function SubmissionItem({ place, categoryName, resubmitting, onResubmit }: SubmissionItemProps) {
  const { t, i18n } = useTranslation();
  const name = localizeText(place.name, i18n.language, place.primaryLanguage) || t('mySubmissions.unnamed');
  const editable = place.status === 'pending' || place.status === 'rejected';
  return (
    <li
      data-testid="my-submission"
      data-place-id={place.id}
      data-status={place.status}
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-xs"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="break-words text-base font-semibold text-gray-900">{name}</h2>
          <p className="mt-0.5 text-sm text-gray-600">
            {[
              categoryName,
              t('mySubmissions.proposedOn', { date: formatDate(place.createdAt, i18n.language) }),
              // Only a change on a later day says something the proposal date does not.
              formatDate(place.updatedAt, i18n.language) !== formatDate(place.createdAt, i18n.language)
                ? t('mySubmissions.updatedOn', { date: formatDate(place.updatedAt, i18n.language) })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <StatusBadge status={place.status} />
      </div>
      {place.status === 'rejected' && (
        <div className="mt-3 flex gap-2.5 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-950">
          <AlertIcon className="mt-0.5 size-4 shrink-0 text-red-700" />
          <div className="min-w-0">
            <p className="font-semibold">{t('mySubmissions.rejectionReason')}</p>
            <p data-testid="rejection-reason" className="mt-0.5 whitespace-pre-line break-words">
              {place.rejectionReason || t('mySubmissions.noReason')}
            </p>
            <p className="mt-1.5 text-red-900">{t('mySubmissions.rejectedHelp')}</p>
          </div>
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {editable && (
          <Link
            href={`/places/${place.id}/edit`}
            data-testid="edit-submission"
            className={buttonStyles.secondary}
          >
            {t('mySubmissions.edit')}
          </Link>
        )}
        {place.status === 'rejected' && (
          <button
            type="button"
            data-testid="resubmit"
            disabled={resubmitting}
            onClick={() => onResubmit(place)}
            className={buttonStyles.primary}
          >
            {t('mySubmissions.resubmit')}
          </button>
        )}
        {place.status === 'published' && (
          <Link href={`/places/${place.id}`} data-testid="view-submission" className={buttonStyles.link}>
            {t('mySubmissions.view')}
          </Link>
        )}
      </div>
    </li>
  );
}
