import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { LocateIcon } from '../../components/ui/icons.tsx';
import { useRuntimeConfig } from '../../config/runtime-config.ts';
import { AccountControls } from '../../features/auth/components/account-controls.tsx';
import { LanguageSwitch } from '../../features/language/components/language-switch.tsx';
import { SearchField } from '../../features/search/components/search-field.tsx';
import { useCategoryLooks } from '../../lib/categories/use-category-looks.ts';
import { availableLanguages } from '../../lib/i18n/locales.ts';
import { useSearchNavigation } from '../places-map/use-search-navigation.ts';
import { KartaLogo } from './karta-logo.tsx';

/**
 * The header: Karta's name, the place search with "Near me", the language switch and the account
 * corner (sign in, or the user menu). From 768 px it is one row; on a phone the search takes a
 * second, full-width row, always at hand as a map product's first tool.
 */
export function SiteHeader() {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const [path] = useLocation();
  const search = useSearchNavigation();
  const { lookOf } = useCategoryLooks(config.defaultLanguage);

  return (
    <header className="border-b border-gray-200 bg-white">
      <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 sm:px-6 md:h-14 md:flex-nowrap md:py-0">
        {/* Named by its visible text (the name, and the tagline where shown), then where it goes:
            an aria-label would hide the tagline from speech-input users who say what they see. */}
        <Link to="/" className="flex min-w-0 items-center gap-2.5 rounded-lg">
          <KartaLogo className="size-8" />
          <span className="flex min-w-0 flex-col leading-tight">
            <span className="text-base font-bold tracking-tight text-gray-900">{t('app.name')}</span>
            <span className="hidden truncate text-xs text-gray-600 lg:block">{t('app.tagline')}</span>
            <span className="sr-only">, {t('app.homeLink')}</span>
          </span>
        </Link>
        <div className="order-last flex basis-full items-center gap-2 md:order-none md:max-w-xl md:flex-1 md:basis-auto">
          <SearchField
            className="min-w-0 flex-1"
            value={search.current}
            origin={search.origin}
            filters={search.filters}
            categoryOf={lookOf}
            onSubmit={search.submit}
            onChoose={search.choose}
            onChooseAddress={search.chooseAddress}
          />
          <Link
            to="/near"
            data-testid="near-me-link"
            aria-current={path === '/near' ? 'page' : undefined}
            title={t('search.nearMe')}
            className="flex h-10 shrink-0 items-center gap-1.5 rounded-lg border border-gray-300 bg-white px-2.5 text-sm font-medium whitespace-nowrap text-gray-800 hover:border-gray-400 hover:bg-gray-50 aria-[current=page]:border-blue-700 aria-[current=page]:text-blue-800"
          >
            <LocateIcon className="size-4 text-blue-700" />
            {/* A phone has room for the icon only; the link keeps its name for screen readers. */}
            <span className="sr-only sm:not-sr-only">{t('search.nearMe')}</span>
          </Link>
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-2">
          <LanguageSwitch languages={availableLanguages(config.languages)} />
          <AccountControls />
        </div>
      </div>
    </header>
  );
}
