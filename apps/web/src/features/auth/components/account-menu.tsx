import type { CurrentUser } from '@karta/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useToast } from '../../../components/toast/toast-context.ts';
import { ChevronDownIcon, SignOutIcon, UserIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formErrorMessage } from '../../../lib/forms/problem-messages.ts';
import { useLogout } from '../api/logout.ts';

/**
 * The pages a signed-in user may open, by role (docs/product-rules.md §Roles); staff pages check
 * again themselves.
 */
function accountLinks(role: CurrentUser['role']) {
  const links = [
    { id: 'propose', href: '/propose', label: 'auth.menu.propose' },
    { id: 'my-submissions', href: '/my-submissions', label: 'auth.menu.mySubmissions' },
    { id: 'account', href: '/account', label: 'auth.menu.account' },
  ] as const;
  const staff = [
    { id: 'review', href: '/review', label: 'staff.nav.review' },
    { id: 'flags', href: '/flags', label: 'staff.nav.flags' },
    { id: 'categories', href: '/categories', label: 'staff.nav.categories' },
    { id: 'import', href: '/import', label: 'importer.menu' },
  ] as const;
  const admin = [
    { id: 'users', href: '/users', label: 'staff.nav.users' },
    { id: 'jobs', href: '/jobs', label: 'staff.nav.jobs' },
    { id: 'audit', href: '/audit', label: 'staff.nav.audit' },
    { id: 'webhooks', href: '/webhooks', label: 'staff.nav.webhooks' },
  ] as const;
  return [...links, ...(role === 'contributor' ? [] : staff), ...(role === 'admin' ? admin : [])];
}

interface AccountMenuProps {
  user: CurrentUser;
  /**
   * Called as signing out starts (`true`) and if it fails (`false`): once it succeeds this menu is
   * gone at once, with the focus that was in it, so the header must know beforehand.
   */
  onSigningOut?(signingOut: boolean): void;
}

/**
 * The signed-in user's menu in the header: a disclosure button with their name (only an icon on
 * phones, where the name is inside the panel) opening who they are, their role and Sign out.
 * A disclosure rather than an ARIA menu: it holds text as well as a button, and needs no
 * arrow-key handling to be usable. Escape, a click outside or a new page closes it.
 */
export function AccountMenu({ user, onSigningOut }: AccountMenuProps) {
  const { t } = useTranslation();
  const showToast = useToast();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location is the reason to close
  useEffect(() => setOpen(false), [location]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const signOut = () => {
    if (logout.isPending) return;
    onSigningOut?.(true);
    // The promise, not mutate's callbacks: those are skipped once this menu has unmounted.
    logout.mutateAsync().then(
      () => showToast(t('auth.menu.signedOut')),
      (error: unknown) => {
        onSigningOut?.(false);
        showToast(formErrorMessage(t, error));
      },
    );
  };

  return (
    <div ref={rootRef} className="relative" data-testid="user-menu">
      <button
        ref={buttonRef}
        type="button"
        data-testid="user-menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
        className="flex h-9 max-w-56 items-center gap-1.5 rounded-lg border border-gray-300 bg-white px-2 text-sm font-medium text-gray-800 hover:border-gray-400 sm:px-2.5"
      >
        <UserIcon className="size-4 text-gray-600" />
        <span className="sr-only">{t('auth.menu.button', { name: user.displayName })}</span>
        {/* Visible from 640 px; the label above already says the name to screen readers. */}
        <span data-testid="user-name" aria-hidden="true" className="hidden truncate sm:inline">
          {user.displayName}
        </span>
        <ChevronDownIcon className="size-4 text-gray-500" />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute top-full right-0 z-[1200] mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-gray-200 bg-white p-4 shadow-lg"
      >
        <p className="text-xs text-gray-600">{t('auth.menu.signedInAs')}</p>
        <p data-testid="user-menu-name" className="mt-0.5 font-semibold break-words text-gray-900">
          {user.displayName}
        </p>
        <p className="text-sm break-all text-gray-600">{user.email}</p>
        <p className="mt-2 text-sm text-gray-700">
          {t('auth.menu.role')}{' '}
          <span
            data-testid="user-role"
            data-role={user.role}
            className="ml-1 rounded-full bg-blue-50 px-2 py-0.5 text-xs font-medium text-blue-800"
          >
            {t(`auth.roles.${user.role}`)}
          </span>
        </p>
        <nav aria-label={t('auth.menu.navigation')} className="mt-3 border-t border-gray-100 pt-2">
          <ul data-testid="account-links" className="flex flex-col">
            {accountLinks(user.role).map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  data-testid={`account-link-${link.id}`}
                  className="block rounded-md px-2 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50 hover:text-blue-800"
                >
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <button
          type="button"
          data-testid="sign-out"
          aria-disabled={logout.isPending || undefined}
          onClick={signOut}
          className="mt-4 flex h-10 w-full items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white px-3 text-sm font-medium text-gray-800 hover:bg-gray-50"
        >
          {logout.isPending ? <Spinner className="size-4" /> : <SignOutIcon />}
          {logout.isPending ? t('auth.menu.signingOut') : t('auth.menu.signOut')}
        </button>
      </div>
    </div>
  );
}
