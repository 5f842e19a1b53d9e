import type { LatLng } from '@karta/map-core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RETRYABLE_PROBLEMS, useGeolocation } from '../hooks/use-geolocation.ts';
import { buttonStyles } from './ui/button-styles.ts';
import { DismissButton } from './ui/dismiss-button.tsx';
import { AlertIcon, LocateIcon, RetryIcon } from './ui/icons.tsx';
import { Spinner } from './ui/spinner.tsx';

/** The screens that ask for the visitor's position, each with its own words for what follows. */
type LocateMessages = 'near.locate' | 'placeEditor.locate';

interface LocateButtonProps {
  /** Whose words: Near me's (a point to search around) or the place form's (the marker). */
  messages: LocateMessages;
  /** The browser told where the user is. */
  onFound(position: LatLng): void;
  /** Said under a failure when what is already on the map stays there; nothing when there is none. */
  keptNote: string | null;
  /** Said once the position is found, about what to do next; nothing when the screen shows it. */
  foundNote?: string;
  tone: 'primary' | 'secondary';
}

/**
 * "Use my location": what happens while the browser looks, and when it gives no position, why in
 * plain words and what to do instead (the map always works without it). While it looks the button
 * is `aria-disabled`, not disabled, so the keyboard focus stays on it.
 */
export function LocateButton({ messages, onFound, keptNote, foundNote, tone }: LocateButtonProps) {
  const { t } = useTranslation();
  const [found, setFound] = useState(false);
  const { status, locate, dismiss } = useGeolocation((position) => {
    setFound(true);
    onFound(position);
  });
  const locating = status.state === 'locating';
  const ask = () => {
    if (locating) return;
    setFound(false);
    locate();
  };

  return (
    <div>
      <button
        type="button"
        data-testid="use-my-location"
        aria-disabled={locating || undefined}
        onClick={ask}
        className={`${buttonStyles[tone]} min-h-11 w-full sm:w-auto ${locating ? 'cursor-progress opacity-70' : ''}`}
      >
        {locating ? <Spinner className="size-4" /> : <LocateIcon className="size-4" />}
        {t(`${messages}.button`)}
      </button>
      {/* One live region, so "finding" is read once and then replaced by what came of it. */}
      <p role="status" data-testid="locate-progress" className="mt-2 text-sm text-gray-700 empty:hidden">
        {locating ? t(`${messages}.locating`) : found ? (foundNote ?? '') : ''}
      </p>
      {status.state === 'failed' && (
        <div
          role="alert"
          data-testid="locate-problem"
          data-problem={status.problem}
          className="mt-3 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <AlertIcon className="mt-0.5 size-5 shrink-0 text-amber-700" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{t(`${messages}.problems.${status.problem}.title`)}</p>
            <p className="mt-1">{t(`${messages}.problems.${status.problem}.body`)}</p>
            {keptNote && <p className="mt-1">{keptNote}</p>}
            {RETRYABLE_PROBLEMS.has(status.problem) && (
              <button
                type="button"
                data-testid="locate-retry"
                className={`${buttonStyles.secondary} mt-3 min-h-11`}
                onClick={ask}
              >
                <RetryIcon />
                {t(`${messages}.retry`)}
              </button>
            )}
          </div>
          <DismissButton testId="locate-dismiss" onDismiss={dismiss} className="-m-1 self-start p-1.5" />
        </div>
      )}
    </div>
  );
}
