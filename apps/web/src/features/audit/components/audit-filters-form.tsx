import { AUDIT_ACTIONS } from '@karta/contracts';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { type AuditFilters, auditHref } from '../utils/audit-filters.ts';
import { actionKey } from '../utils/audit-words.ts';

const fieldStyle = 'mt-1 block h-10 w-full min-w-0 rounded-lg border border-gray-300 bg-white px-2 text-sm';

/**
 * The audit log's filters: the action in words and the days, applied together into the address
 * (so a view can be shared and Back works); the person and the object, set from a row, shown as
 * what they are with a way to drop them.
 */
export function AuditFiltersForm({ filters }: { filters: AuditFilters }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const actionId = useId();
  const fromId = useId();
  const toId = useId();

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '') || undefined;
    navigate(
      auditHref({
        ...filters,
        action: AUDIT_ACTIONS.find((action) => action === form.get('action')),
        from: text('from'),
        to: text('to'),
      }),
    );
  };

  return (
    <search className="space-y-3">
      <form
        key={auditHref(filters)}
        onSubmit={apply}
        className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,10rem)_minmax(0,10rem)_auto] sm:items-end"
      >
        <div>
          <label htmlFor={actionId} className="block text-sm font-medium text-gray-800">
            {t('audit.filters.action')}
          </label>
          <select
            id={actionId}
            name="action"
            data-testid="audit-action-filter"
            defaultValue={filters.action ?? ''}
            className={fieldStyle}
          >
            <option value="">{t('audit.filters.everyAction')}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`audit.actions.${actionKey(action)}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={fromId} className="block text-sm font-medium text-gray-800">
            {t('audit.filters.from')}
          </label>
          <input id={fromId} name="from" type="date" defaultValue={filters.from} className={fieldStyle} />
        </div>
        <div>
          <label htmlFor={toId} className="block text-sm font-medium text-gray-800">
            {t('audit.filters.to')}
          </label>
          <input id={toId} name="to" type="date" defaultValue={filters.to} className={fieldStyle} />
        </div>
        <button type="submit" data-testid="audit-apply" className={buttonStyles.secondary}>
          {t('audit.filters.apply')}
        </button>
      </form>
      {(filters.actor !== undefined || filters.objectType !== undefined) && (
        <ul className="flex flex-wrap gap-2 text-sm" aria-label={t('audit.filters.set')}>
          {filters.actor !== undefined && (
            <li className="rounded-full bg-gray-100 px-3 py-1 text-gray-900">
              {t('audit.filters.person', { id: filters.actor })}{' '}
              <Link href={auditHref({ ...filters, actor: undefined })} className="underline">
                {t('audit.filters.remove')}
              </Link>
            </li>
          )}
          {filters.objectType !== undefined && (
            <li className="rounded-full bg-gray-100 px-3 py-1 text-gray-900">
              {filters.objectId
                ? t(`audit.objects.${filters.objectType}`, { id: filters.objectId })
                : t(`audit.objectTypes.${filters.objectType}`)}{' '}
              <Link
                href={auditHref({ ...filters, objectType: undefined, objectId: undefined })}
                className="underline"
              >
                {t('audit.filters.remove')}
              </Link>
            </li>
          )}
        </ul>
      )}
    </search>
  );
}
