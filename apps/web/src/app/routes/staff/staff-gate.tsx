import type { CurrentUser } from '@karta/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { AlertIcon, UserIcon } from '../../../components/ui/icons.tsx';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { withNext } from '../../../features/auth/utils/safe-next-path.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { isModerator } from '../../../lib/session/roles.ts';

/** The roles a staff screen may ask for; an admin may do whatever a moderator may. */
export type StaffRole = 'moderator' | 'admin';

/** Whether `user` holds `role` (or a higher one). */
export function hasRole(user: CurrentUser, role: StaffRole): boolean {
  return role === 'moderator' ? isModerator(user) : user.role === 'admin';
}

interface StaffGateProps {
  requires: StaffRole;
  children(user: CurrentUser): ReactNode;
}

/**
 * Shows a staff screen only to those allowed: a signed-out visitor is asked to sign in (and comes
 * back here afterwards), a signed-in user without the role is told so. The server refuses them
 * anyway; this is so they understand why instead of seeing an error.
 */
export function StaffGate({ requires, children }: StaffGateProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [path] = useLocation();
  const search = useSearch();

  if (user.isPending) return <LoadingState label={t('staff.checking')} className="py-16" />;
  if (user.isError) {
    return (
      <QueryErrorState
        title={t('staff.checkFailed')}
        error={user.error}
        onRetry={() => void user.refetch()}
      />
    );
  }
  if (!user.data) {
    return (
      <div data-testid="staff-sign-in">
        <EmptyState
          className="rounded-xl border border-gray-200 bg-white"
          icon={<UserIcon className="size-6" />}
          title={t('staff.signInTitle')}
          body={t(requires === 'admin' ? 'staff.signInBodyAdmin' : 'staff.signInBody')}
          action={
            <Link
              href={withNext('/sign-in', `${path}${search ? `?${search}` : ''}`)}
              data-testid="staff-sign-in-link"
              className={buttonStyles.primary}
            >
              {t('staff.signInAction')}
            </Link>
          }
        />
      </div>
    );
  }
  if (!hasRole(user.data, requires)) {
    return (
      <div data-testid="staff-not-allowed">
        <EmptyState
          className="rounded-xl border border-gray-200 bg-white"
          icon={<AlertIcon className="size-6" />}
          title={t('staff.notAllowedTitle')}
          body={t(requires === 'admin' ? 'staff.notAllowedAdmin' : 'staff.notAllowedModerator')}
          action={
            <Link href="/" className={buttonStyles.secondary}>
              {t('notFound.home')}
            </Link>
          }
        />
      </div>
    );
  }
  return children(user.data);
}
