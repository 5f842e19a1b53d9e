import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { SiteHeader } from './site-header.tsx';

/** The frame of every page: skip link, header, the page, footer. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-[2000] rounded-lg bg-blue-700 px-4 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('app.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        <ErrorBoundary>{children}</ErrorBoundary>
      </main>
      <footer className="border-t border-gray-200 bg-white">
        <p className="mx-auto max-w-screen-2xl px-4 py-5 text-xs text-gray-600 sm:px-6">{t('app.footer')}</p>
      </footer>
    </div>
  );
}
