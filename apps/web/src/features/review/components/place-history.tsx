import type { PlaceHistoryEntry } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { fieldOf } from '../../../lib/categories/field-values.ts';
import {
  extraLabel,
  type FieldsOfCategory,
  formatDateTime,
  formatExtraValue,
} from '../utils/format-value.ts';
import { DIFF_FIELDS, type DiffField, extraKeyOf, sameValue } from '../utils/pending-changes.ts';

const KNOWN_ACTIONS = ['created', 'edited', 'published', 'rejected', 'resubmitted', 'archived'] as const;
type KnownAction = (typeof KNOWN_ACTIONS)[number];

function isKnownAction(action: string): action is KnownAction {
  return (KNOWN_ACTIONS as readonly string[]).includes(action);
}

function isDiffField(field: string): field is DiffField {
  return (DIFF_FIELDS as readonly string[]).includes(field);
}

/**
 * The changes of an entry to the category's own fields, one line each ("Indoor: no → yes"), in the
 * category's order of its fields, then any key it no longer knows.
 */
function ExtraChanges({ entry, category }: { entry: PlaceHistoryEntry; category: FieldsOfCategory }) {
  const { t, i18n } = useTranslation();
  const { languages } = useRuntimeConfig();
  const order = (category?.fields ?? []).map((field) => field.key);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const changes = Object.entries(entry.changes)
    .flatMap(([name, change]) => {
      const key = extraKeyOf(name);
      return key && !sameValue(change.from, change.to) ? [{ key, ...change }] : [];
    })
    .sort((a, b) => rank(a.key) - rank(b.key));
  if (changes.length === 0) return null;
  const shown = (key: string, value: unknown) =>
    formatExtraValue(fieldOf(category, key), value, t, i18n.language, languages[0]) ?? t('review.diff.empty');
  return (
    <ul className="mt-0.5 space-y-0.5 text-gray-700">
      {changes.map(({ key, from, to }) => (
        <li key={key} data-testid="history-extra" data-key={key} className="break-words">
          {t('review.history.extraChange', {
            field: extraLabel(category, key, i18n.language, languages[0]),
            from: shown(key, from),
            to: shown(key, to),
          })}
        </li>
      ))}
    </ul>
  );
}

/**
 * Everything that happened to a place, oldest first: what, who and when, the fields an edit
 * changed (each of the category's own fields as its own line, from and to) and a rejection's
 * reason. A native disclosure, so it opens with the keyboard as is.
 */
export function PlaceHistory({
  entries,
  category,
}: {
  entries: readonly PlaceHistoryEntry[];
  /** The place's category, whose fields name and read its own values. */
  category: FieldsOfCategory;
}) {
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
              {entry.action !== 'created' && <ExtraChanges entry={entry} category={category} />}
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
