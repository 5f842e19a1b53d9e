import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { withNext } from '../utils/safe-next-path.ts';

// Only signed-in readers see the menu, and a visitor's first view has none: its code comes when
// someone is signed in.
const AccountMenu = lazy(async () => ({ default: (await import('./account-menu.tsx')).AccountMenu }));

const ACCOUNT_PAGES = ['/sign-in', '/register'];

/**
 * The header's account corner: the user menu when signed in, otherwise a Sign in link that
 * brings the reader back to this page (left out on the account pages themselves). Nothing shows
 * until the server has said who is signed in, so a signed-in reader never sees "Sign in" flash.
 */
export function AccountControls() {
  const { t } = useTranslation();
  const { data: user, isPending } = useCurrentUser();
  const [path] = useLocation();
  const search = useSearch();
  const signInLink = useRef<HTMLAnchorElement>(null);
  const focusSignInLink = useRef(false);

  // After signing out the menu (and the focus in it) is gone; the link that replaced it takes focus.
  useEffect(() => {
    if (user === null && focusSignInLink.current) {
      focusSignInLink.current = false;
      signInLink.current?.focus();
    }
  }, [user]);

  // Until it is known who is signed in, the place of "Sign in" is kept, so the header does not
  // move when it appears (a layout shift on every first view).
  const placeholder = <span aria-hidden="true" className="inline-block h-9 w-[4.75rem]" />;
  if (isPending) return placeholder;
  if (user) {
    return (
      <Suspense fallback={placeholder}>
        <AccountMenu
          user={user}
          onSigningOut={(signingOut) => {
            focusSignInLink.current = signingOut;
          }}
        />
      </Suspense>
    );
  }
  if (ACCOUNT_PAGES.includes(path)) return null;
  return (
    <Link
      ref={signInLink}
      href={withNext('/sign-in', `${path}${search ? `?${search}` : ''}`)}
      data-testid="sign-in-link"
      className="flex h-9 shrink-0 items-center rounded-lg bg-blue-700 px-3 text-sm font-medium whitespace-nowrap text-white hover:bg-blue-800"
    >
      {t('auth.signInLink')}
    </Link>
  );
}
