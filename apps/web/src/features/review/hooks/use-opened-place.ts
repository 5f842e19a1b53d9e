import { PLACE_HOLD_MINUTES } from '@karta/contracts';
import { useEffect, useState } from 'react';
import { usePlaceHoldActions } from '../api/place-holds.ts';

/** A moderator who stays on one place keeps it: the hold is taken again before it lapses. */
const RENEW_MS = (PLACE_HOLD_MINUTES / 3) * 60_000;

/**
 * The place the moderator has open in the queue (the card they are in), held for them while
 * `holding` (the pending tab). Opening another lets go of the last; leaving the page too. A tab
 * closed without leaving lets its hold lapse on its own.
 */
export function useOpenedPlace(holding: boolean) {
  const [opened, setOpened] = useState<number | null>(null);
  const { hold, release } = usePlaceHoldActions();
  useEffect(() => {
    if (!holding || opened === null) return;
    // A place someone else holds answers 409; the holds shown say who has it.
    const take = () => void hold(opened).catch(() => undefined);
    take();
    const renew = setInterval(take, RENEW_MS);
    return () => {
      clearInterval(renew);
      void release(opened).catch(() => undefined);
    };
  }, [holding, opened, hold, release]);
  return { opened, open: setOpened };
}
