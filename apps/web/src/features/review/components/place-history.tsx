import type { PlaceHistoryEntry } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../utils/format-value.ts';
import { DIFF_FIELDS, type DiffField } from '../utils/pending-changes.ts';

const KNOWN_ACTIONS = ['created', 'edited', 'published', 'rejected', 'resubmitted', 'archived'] as const;
type KnownAction = (typeof KNOWN_ACTIONS)[number];

function isKnownAction(action: string): action is KnownAction {
  return (KNOWN_ACTIONS as readonly string[]).includes(action);
}

function isDiffField(field: string): field is DiffField {
  return (DIFF_FIELDS as readonly string[]).includes(field);
}

/**
 * Everything that happened to a place, oldest first: what, who and when, the fields an edit
 * changed and a rejection's reason. A native disclosure, so it opens with the keyboard as is.
 */
export function PlaceHistory({ entries }: { entries: readonly PlaceHistoryEntry[] }) {
  const { t, i18n } = useTranslation();
  return (
    <details data-testid="place-history" className="group rounded-lg border border-gray-200">
      <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50">
        {t('review.history.summary', { count: entries.length })}
      </summary>
      <ol className="space-y-2 border-t border-gray-200 px-3 py-3">
        {entries.map((entry) => {
          const fields = Object.keys(entry.changes).filter(isDiffField);
          const reason = entry.action === 'rejected' ? entry.changes.rejectionReason?.to : undefined;
          return (
            <li key={entry.id} data-testid="history-entry" data-action={entry.action} className="text-sm">
              <p className="text-gray-900">
                <span className="font-medium">
                  {isKnownAction(entry.action) ? t(`review.history.actions.${entry.action}`) : entry.action}
                </span>{' '}
                <span className="text-gray-700">
                  {entry.actor
                    ? t('review.history.by', { name: entry.actor.displayName })
                    : t('review.history.byUnknown')}
                </span>
              </p>
              <p className="text-xs text-gray-600">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, i18n.language)}</time>
              </p>
              {entry.action === 'edited' && fields.length > 0 && (
                <p className="mt-0.5 text-gray-700">
                  {t('review.history.changedFields', {
                    fields: new Intl.ListFormat(i18n.language).format(
                      fields.map((field) => t(`review.fields.${field}`)),
                    ),
                  })}
                </p>
              )}
              {typeof reason === 'string' && (
                <p className="mt-0.5 break-words whitespace-pre-wrap text-gray-700">
                  <span className="font-medium">{t('review.history.reason')}</span> {reason}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </details>
  );
}
