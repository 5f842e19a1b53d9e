import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { SkipLink } from '../../components/ui/skip-link.tsx';
import { VerifyEmailBanner } from '../../features/auth/components/verify-email-banner.tsx';
import { OfflineBanner } from '../../features/offline/components/offline-banner.tsx';
import { UpdatePrompt } from '../../features/offline/components/update-prompt.tsx';
import { SiteHeader } from './site-header.tsx';

/**
 * The frame of every page: skip link, header, the notices that concern every page (no connection,
 * an address to confirm), the page, footer, and the offer of a new version when there is one.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink href="#main-content">{t('app.skipToContent')}</SkipLink>
      <SiteHeader />
      <OfflineBanner />
      <VerifyEmailBanner />
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        <ErrorBoundary>{children}</ErrorBoundary>
      </main>
      <footer className="border-t border-gray-200 bg-white">
        <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-5 text-xs text-gray-600 sm:px-6">
          <p>{t('app.footer')}</p>
          <Link href="/offline" className="text-blue-800 underline underline-offset-2">
            {t('offline.footerLink')}
          </Link>
        </div>
      </footer>
      <UpdatePrompt />
    </div>
  );
}
