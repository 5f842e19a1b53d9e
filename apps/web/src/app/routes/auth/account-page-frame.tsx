import type { ReactNode } from 'react';
import { Redirect, useSearch } from 'wouter';
import { safeNextPath } from '../../../features/auth/utils/safe-next-path.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';

/** Where an account page returns to: its own `next` parameter, if it is a path on this site. */
export function useNextPath(): string {
  return safeNextPath(new URLSearchParams(useSearch()).get('next'));
}

interface AccountPageFrameProps {
  title: string;
  intro: string;
  children: ReactNode;
}

/**
 * The frame of the sign-in and register pages. Once someone is signed in (the form succeeded, or
 * they came here already signed in) it goes on to `next`, replacing this page in the history so
 * Back does not return to a form that no longer applies.
 */
export function AccountPageFrame({ title, intro, children }: AccountPageFrameProps) {
  const next = useNextPath();
  const { data: user } = useCurrentUser();
  if (user) return <Redirect to={next} replace />;
  return (
    <AccountPageLayout title={title} intro={intro}>
      {children}
    </AccountPageLayout>
  );
}

/**
 * The look of the account pages: a heading, a line of introduction and the form in a card. The
 * password-reset pages use it alone: they apply whoever is signed in (or not).
 */
export function AccountPageLayout({ title, intro, children }: AccountPageFrameProps) {
  usePageTitle(title);
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-14">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{title}</h1>
      <p className="mt-2 text-sm text-gray-600">{intro}</p>
      <div className="mt-6 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">{children}</div>
    </div>
  );
}
