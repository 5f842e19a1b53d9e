import type { AuditEntry } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { dateTimeFormat } from '../../../lib/i18n/intl-formats.ts';
import { relativeTime } from '../../../lib/i18n/relative-time.ts';
import { type AuditFilters, auditHref } from '../utils/audit-filters.ts';
import { actionKey, objectHref } from '../utils/audit-words.ts';

const linkStyle = 'font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950';

/** A value of `before` or `after` as text: strings as they are, anything else as JSON. */
const shown = (value: unknown) =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** What changed, one line a part: its name, what it was and what it became. */
function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (keys.length === 0) return null;
  return (
    <details className="mt-2" data-testid="audit-changes">
      <summary className="cursor-pointer text-sm font-medium text-gray-800">{t('audit.changes')}</summary>
      <dl className="mt-2 space-y-2 text-sm">
        {keys.map((key) => (
          <div key={key} className="rounded-lg bg-gray-50 p-2">
            <dt className="font-mono text-xs text-gray-700">{key}</dt>
            <dd className="mt-1 break-words text-gray-900">
              <span className="sr-only">{t('audit.before')} </span>
              <span className="font-mono text-xs">{shown(entry.before?.[key]) || t('audit.nothing')}</span>
              <span aria-hidden="true"> → </span>
              <span className="sr-only"> {t('audit.after')} </span>
              <span className="font-mono text-xs">{shown(entry.after?.[key]) || t('audit.nothing')}</span>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/**
 * One action of the audit log: when, who (and in what role, and through an API token), what in
 * words, on which object (with a link where it has a page), why, and what changed.
 */
export function AuditRow({ entry, now, filters }: { entry: AuditEntry; now: number; filters: AuditFilters }) {
  const { t, i18n } = useTranslation();
  const exact = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(
    new Date(entry.at),
  );
  const { actor } = entry;
  const who = !actor ? t('audit.system') : (actor.displayName ?? t('audit.deletedAccount', { id: actor.id }));
  const objectName = t(`audit.objects.${entry.object.type}`, { id: entry.object.id ?? '' });
  const href = objectHref(entry.object.type, entry.object.id);
  return (
    <li
      data-testid="audit-row"
      data-action={entry.action}
      className="rounded-xl border border-gray-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 className="font-semibold break-words text-gray-900" data-testid="audit-action">
          {t(`audit.actions.${actionKey(entry.action)}`)}
        </h2>
        <time dateTime={entry.at} title={exact} className="text-sm text-gray-600">
          {relativeTime(entry.at, now, i18n.language)}
        </time>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-3 gap-y-1 text-sm">
        <dt className="text-gray-600">{t('audit.who')}</dt>
        <dd className="break-words text-gray-900" data-testid="audit-who">
          {actor ? (
            <Link href={auditHref({ ...filters, actor: actor.id })} className={linkStyle}>
              {who}
            </Link>
          ) : (
            who
          )}
          {actor?.role && <> ({t(`users.roles.${actor.role}`)})</>}
          {entry.via === 'token' && <> · {t('audit.viaToken')}</>}
        </dd>
        <dt className="text-gray-600">{t('audit.object')}</dt>
        <dd className="break-words text-gray-900" data-testid="audit-object">
          {href ? (
            <Link href={href} className={linkStyle}>
              {objectName}
            </Link>
          ) : (
            objectName
          )}
          {entry.object.id && (
            <>
              {' · '}
              <Link
                href={auditHref({ ...filters, objectType: entry.object.type, objectId: entry.object.id })}
                className={linkStyle}
              >
                {t('audit.onlyThisObject')}
              </Link>
            </>
          )}
        </dd>
        {entry.reason && (
          <>
            <dt className="text-gray-600">{t('audit.reason')}</dt>
            <dd className="break-words text-gray-900" data-testid="audit-reason">
              {entry.reason}
            </dd>
          </>
        )}
      </dl>
      <Changes entry={entry} />
    </li>
  );
}
