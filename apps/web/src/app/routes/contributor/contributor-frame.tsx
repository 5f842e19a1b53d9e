import type { CurrentUser } from '@karta/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { ErrorState, LoadingState } from '../../../components/ui/states.tsx';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';

interface ContributorFrameProps {
  title: string;
  /** The browser tab's title when it says more than the heading (the place being edited); else `title`. */
  pageTitle?: string;
  intro?: string;
  /** This page's path, to come back to after signing in. */
  path: string;
  signInTitle: string;
  signInBody: string;
  /** The page's content, for a signed-in user. */
  children(user: CurrentUser): ReactNode;
}

/**
 * The frame of the contributor pages (propose, edit, My submissions): a heading, and the content
 * for a signed-in user, or an invitation to sign in (or register) that returns here afterwards.
 */
export function ContributorFrame({
  title,
  pageTitle,
  intro,
  path,
  signInTitle,
  signInBody,
  children,
}: ContributorFrameProps) {
  const { t } = useTranslation();
  usePageTitle(pageTitle ?? title);
  const user = useCurrentUser();
  const next = encodeURIComponent(path);
  let body: ReactNode;
  if (user.isPending) body = <LoadingState label={t('app.loadingPage')} />;
  else if (user.isError)
    body = (
      <ErrorState
        title={t(errorMessageKey(user.error))}
        action={
          <button type="button" onClick={() => void user.refetch()} className={buttonStyles.secondary}>
            {t('errors.retry')}
          </button>
        }
      />
    );
  else if (!user.data)
    body = (
      <section
        data-testid="sign-in-prompt"
        className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
        aria-labelledby="sign-in-prompt-title"
      >
        <h2 id="sign-in-prompt-title" className="text-lg font-semibold text-gray-900">
          {signInTitle}
        </h2>
        <p className="mt-1 text-sm text-gray-600">{signInBody}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Link
            href={`/sign-in?next=${next}`}
            data-testid="sign-in-to-continue"
            className={buttonStyles.primary}
          >
            {t('placeEditor.signIn')}
          </Link>
          <Link href={`/register?next=${next}`} className={buttonStyles.secondary}>
            {t('placeEditor.register')}
          </Link>
        </div>
      </section>
    );
  else body = children(user.data);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <h1 className="break-words text-2xl font-bold tracking-tight text-gray-900">{title}</h1>
      {intro && <p className="mt-2 text-sm text-gray-600">{intro}</p>}
      <div className="mt-6">{body}</div>
    </div>
  );
}
