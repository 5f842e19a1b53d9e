import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Names the page in the browser's tab, history and bookmarks, in the interface language:
 * "Review · Karta", or the home page's title when `page` is null. A language switch re-renders
 * the caller, so its text and this title follow at once. The deployment's config carries no site
 * name, so the site is named by the locale files (`app.name`).
 */
export function usePageTitle(page: string | null): void {
  const { t } = useTranslation();
  const site = t('app.name');
  const title = page ? t('app.pageTitle', { page, site }) : t('app.homeTitle', { site });
  useEffect(() => {
    document.title = title;
    // A lazy page still loading is named by the site alone, not by the page that was left.
    return () => {
      document.title = site;
    };
  }, [title, site]);
}
