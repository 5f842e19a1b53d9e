import { useTranslation } from 'react-i18next';

/** "May be out of date", where a place is listed: nobody has confirmed it for a long time. */
export function StaleNote({ stale, className = '' }: { stale: boolean; className?: string }) {
  const { t } = useTranslation();
  if (!stale) return null;
  return (
    <span data-testid="stale-note" className={`block font-medium text-amber-800 ${className}`}>
      {t('freshness.stale')}
    </span>
  );
}
