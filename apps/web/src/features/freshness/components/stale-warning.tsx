import type { Place } from '@karta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { confirmedAgo } from '../utils/confirmed-ago.ts';

/** Where `StillHere` asks the question, for the warning's link to it. */
export const STILL_HERE_ID = 'still-here';

/**
 * "May be out of date · Last confirmed 3 years ago. Is it still here?" at the top of a stale place's
 * page, before anything a visitor would act on; the question links to where it is answered.
 */
export function StaleWarning({ place }: { place: Pick<Place, 'stale' | 'lastConfirmedAt' | 'status'> }) {
  const { t, i18n } = useTranslation();
  const [now] = useState(() => Date.now());
  if (!place.stale) return null;
  return (
    <div
      data-testid="stale-warning"
      className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <AlertIcon className="mt-0.5 size-4 text-amber-800" />
      <p>
        <strong className="font-semibold">{t('freshness.stale')}</strong>
        <span aria-hidden="true"> · </span>
        {t('freshness.lastConfirmed', { ago: confirmedAgo(place.lastConfirmedAt, now, i18n.language) })}{' '}
        {place.status === 'published' && (
          <a href={`#${STILL_HERE_ID}`} className="font-medium whitespace-nowrap text-blue-800 underline">
            {t('freshness.question')}
          </a>
        )}
      </p>
    </div>
  );
}
