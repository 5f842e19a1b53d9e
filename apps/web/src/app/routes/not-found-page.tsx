import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { MapIcon } from '../../components/ui/icons.tsx';
import { EmptyState } from '../../components/ui/states.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';

/** Any address the app does not know. */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="sr-only">{t('notFound.title')}</h1>
      <EmptyState
        icon={<MapIcon className="size-6" />}
        title={t('notFound.title')}
        body={t('notFound.body')}
        action={
          <Link to="/" className={buttonStyles.primary}>
            {t('notFound.home')}
          </Link>
        }
      />
    </div>
  );
}
