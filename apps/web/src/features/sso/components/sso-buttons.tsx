import type { SsoProvider } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { ssoStartUrl } from '../utils/sso-start-url.ts';

/**
 * One button a single sign-on provider (README, "Single sign-on"): a plain link, since the
 * browser leaves for the provider and comes back to `returnTo` signed in.
 */
export function SsoButtons({ providers, returnTo }: { providers: readonly SsoProvider[]; returnTo: string }) {
  const { t } = useTranslation();
  if (providers.length === 0) return null;
  return (
    <ul className="flex flex-col gap-3" data-testid="sso-providers" aria-label={t('sso.providersLabel')}>
      {providers.map((provider) => (
        <li key={provider.name}>
          <a
            href={ssoStartUrl(provider.name, returnTo)}
            data-testid="sso-provider"
            data-provider={provider.name}
            className={`${buttonStyles.secondary} h-11 w-full justify-center`}
          >
            {t('sso.continueWith', { label: provider.label })}
          </a>
        </li>
      ))}
    </ul>
  );
}
