import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, type AuditAction, type AuditObjectType } from '@karta/contracts';

/** The audit log's filters as the address keeps them (`/audit?action=place.transition&from=2026-11-01`). */
export interface AuditFilters {
  actor?: number;
  action?: AuditAction;
  objectType?: AuditObjectType;
  objectId?: string;
  /** Days (`YYYY-MM-DD`), both included, in the reader's own time zone. */
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const OBJECT_ID = /^[A-Za-z0-9_.:-]{1,200}$/;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((known) => known === value);

/** The filters in `search` (the address's query); whatever is not one is left out. */
export function auditFiltersOf(search: string): AuditFilters {
  const params = new URLSearchParams(search);
  const actor = Number(params.get('actor'));
  const objectType = oneOf(AUDIT_OBJECT_TYPES, params.get('objectType'));
  const objectId = params.get('objectId') ?? '';
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : undefined;
  };
  return {
    actor: Number.isSafeInteger(actor) && actor > 0 ? actor : undefined,
    action: oneOf(AUDIT_ACTIONS, params.get('action')),
    objectType,
    objectId: objectType && OBJECT_ID.test(objectId) ? objectId : undefined,
    from: day('from'),
    to: day('to'),
  };
}

/** The audit log's address with `filters` (the empty ones left out). */
export function auditHref(filters: AuditFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `/audit?${query}` : '/audit';
}

/** Midnight at the start of `day` (`YYYY-MM-DD`) where the reader is, `days` later. */
function startOfDay(day: string, days = 0): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, (date ?? 1) + days).toISOString();
}

/** The list's query for `filters`: the days as the times they begin and end. */
export function auditQueryOf(filters: AuditFilters) {
  return {
    actor: filters.actor,
    action: filters.action,
    objectType: filters.objectType,
    objectId: filters.objectId,
    from: filters.from ? startOfDay(filters.from) : undefined,
    to: filters.to ? startOfDay(filters.to, 1) : undefined,
  };
}
