import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type AuditFilters, auditQueryOf } from '../utils/audit-filters.ts';

/** Entries per "Load more". */
export const AUDIT_PAGE_SIZE = 50;

/** GET /api/v1/audit: newest first, filtered, after the page that ended at `cursor`. */
export function listAudit(filters: AuditFilters, cursor: string | undefined, signal?: AbortSignal) {
  return api.listAudit({ ...auditQueryOf(filters), limit: AUDIT_PAGE_SIZE, cursor }, { signal });
}

/** The audit log with `filters`, a page at a time (admins; docs/decisions/035-audit-log.md). */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: ['audit-log', filters],
    queryFn: ({ pageParam, signal }) => listAudit(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
