import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useRuntimeConfig } from '../../config/runtime-config.ts';
import { AccountControls } from '../../features/auth/components/account-controls.tsx';
import { LanguageSwitch } from '../../features/language/components/language-switch.tsx';
import { availableLanguages } from '../../lib/i18n/locales.ts';
import { KartaLogo } from './karta-logo.tsx';

/** The header: Karta's name, the language switch and the account corner (sign in, or the user menu). */
export function SiteHeader() {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  return (
    <header className="border-b border-gray-200 bg-white">
      <div className="mx-auto flex h-14 max-w-screen-2xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" aria-label={t('app.homeLink')} className="flex min-w-0 items-center gap-2.5 rounded-lg">
          <KartaLogo className="size-8" />
          <span className="flex min-w-0 flex-col leading-tight">
            <span className="text-base font-bold tracking-tight text-gray-900">{t('app.name')}</span>
            <span className="hidden truncate text-xs text-gray-600 sm:block">{t('app.tagline')}</span>
          </span>
        </Link>
        <div className="flex shrink-0 items-center gap-2">
          <LanguageSwitch languages={availableLanguages(config.languages)} />
          <AccountControls />
        </div>
      </div>
    </header>
  );
}
