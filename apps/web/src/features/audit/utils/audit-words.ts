import type { AuditAction, AuditObjectType } from '@karta/contracts';

type Underscored<S extends string> = S extends `${infer A}.${infer B}` ? `${A}_${B}` : S;

/** An action's key among the messages (`place.transition` → `audit.actions.place_transition`). */
export const actionKey = (action: AuditAction) => action.replace('.', '_') as Underscored<AuditAction>;

/** Where an object of the log is seen in the app, or null for one with no page of its own. */
export function objectHref(type: AuditObjectType, id: string | null): string | null {
  switch (type) {
    case 'place':
      return id ? `/places/${id}` : null;
    case 'flag':
      return '/flags';
    case 'user':
    case 'blocked_sender':
      return '/users';
    case 'category':
      return '/categories';
    case 'import':
    case 'import_source':
      return '/import';
    case 'webhook':
      return '/webhooks';
    case 'job':
      return '/jobs';
    default:
      return null;
  }
}
