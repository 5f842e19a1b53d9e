import type { Place } from '@karta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { useConfirmPlace } from '../api/confirm-place.ts';
import { confirmedAgo } from '../utils/confirmed-ago.ts';
import { STILL_HERE_ID } from './stale-warning.tsx';

/**
 * When the place was last confirmed ("Confirmed 12 days ago", or "May be out of date"), and the
 * one-tap question "Is it still here?" for anyone, signed in or not.
 */
export function StillHere({ place }: { place: Place }) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirmPlace(place.id);
  const [now] = useState(() => Date.now());
  const ago = confirmedAgo(place.lastConfirmedAt, now, i18n.language);
  const receipt = confirm.data;
  // The date shown when the visitor answered, to tell whether their answer confirmed the place.
  const [confirmedBefore, setConfirmedBefore] = useState(place.lastConfirmedAt);
  const answerStill = (still: boolean) => {
    setConfirmedBefore(place.lastConfirmedAt);
    confirm.mutate(still);
  };

  // A visitor's "Still here" confirms the place only once a few visitors agree (or one person
  // signed in says so): until then it is noted, and the place's date stays as it was.
  let answer: string | null = null;
  if (receipt) {
    if (!receipt.counted) answer = t('freshness.alreadyAnswered');
    else if (!confirm.variables) answer = t('freshness.thanksGone');
    else
      answer =
        receipt.lastConfirmedAt === confirmedBefore ? t('freshness.thanksNoted') : t('freshness.thanks');
  }

  return (
    <div id={STILL_HERE_ID} data-testid="still-here">
      <p data-testid="confirmed" className={place.stale ? 'font-medium text-amber-800' : 'text-gray-900'}>
        {place.stale ? t('freshness.staleSince', { ago }) : t('freshness.confirmed', { ago })}
      </p>
      {place.status === 'published' && (
        <fieldset className="mt-2">
          <legend className="text-sm text-gray-700">{t('freshness.question')}</legend>
          {answer ? (
            <p
              role="status"
              data-testid="still-here-answer"
              className="mt-1.5 text-sm font-medium text-green-800"
            >
              {answer}
            </p>
          ) : (
            <div className="mt-1.5 flex flex-wrap gap-2">
              <button
                type="button"
                data-testid="still-here-yes"
                className={buttonStyles.secondary}
                disabled={confirm.isPending}
                onClick={() => answerStill(true)}
              >
                {t('freshness.stillHere')}
              </button>
              <button
                type="button"
                data-testid="still-here-no"
                className={buttonStyles.secondary}
                disabled={confirm.isPending}
                onClick={() => answerStill(false)}
              >
                {t('freshness.notHere')}
              </button>
            </div>
          )}
          {confirm.isError && (
            <p role="alert" className="mt-1.5 text-sm text-red-700">
              {t(errorMessageKey(confirm.error))}
            </p>
          )}
        </fieldset>
      )}
    </div>
  );
}
