import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { SignInForm } from '../../../features/auth/components/sign-in-form.tsx';
import { withNext } from '../../../features/auth/utils/safe-next-path.ts';
import { SsoButtons } from '../../../features/sso/components/sso-buttons.tsx';
import { SsoProblemAlert } from '../../../features/sso/components/sso-problem-alert.tsx';
import { AccountPageFrame, useNextPath } from './account-page-frame.tsx';

/**
 * `/sign-in?next=/where/to/go`: the single sign-on providers' buttons (README, "Single sign-on"),
 * then the password form unless the site is SSO-only; `sso=<problem>` is why a provider's sign-in
 * came back without signing in.
 */
export function SignInPage() {
  const { t } = useTranslation();
  const next = useNextPath();
  const { signIn } = useRuntimeConfig();
  const problem = new URLSearchParams(useSearch()).get('sso');
  const hasProviders = signIn.providers.length > 0;
  return (
    <AccountPageFrame title={t('auth.signIn.title')} intro={t('auth.signIn.intro')}>
      <SsoProblemAlert code={problem} />
      <SsoButtons providers={signIn.providers} returnTo={next} />
      {signIn.password ? (
        <>
          {hasProviders && (
            <p className="my-5 text-center text-sm text-gray-600" data-testid="sso-or">
              {t('sso.or')}
            </p>
          )}
          <SignInForm registerHref={withNext('/register', next)} />
        </>
      ) : (
        <p className="mt-5 text-sm text-gray-600">{t('sso.passwordOff')}</p>
      )}
    </AccountPageFrame>
  );
}
