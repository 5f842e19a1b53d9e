import type { OpenState } from '@karta/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { openStateNow, type ShownOpenState } from './open-state-now.ts';

/** setTimeout's longest wait (about 24.8 days); a later change is waited for in steps. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;
/** After a change, places are read again this much later (every list's changes come together). */
const READ_AGAIN_AFTER_MS = 2000;

let readAgainTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The state of a place now, changing by itself at the minute of its next change (no reload):
 * the page re-renders then, and soon after reads its places again for what comes next.
 */
export function useOpenStateNow(state: OpenState): { shown: ShownOpenState; now: number } {
  const queryClient = useQueryClient();
  const [now, setNow] = useState(() => Date.now());
  const shown = openStateNow(state, now);
  const next = shown.nextChange === null ? null : Date.parse(shown.nextChange);

  useEffect(() => {
    if (next === null) return;
    const timer = setTimeout(
      () => {
        const at = Date.now();
        setNow(at);
        if (at < next) return;
        clearTimeout(readAgainTimer);
        readAgainTimer = setTimeout(() => void queryClient.invalidateQueries(), READ_AGAIN_AFTER_MS);
      },
      Math.min(LONGEST_TIMEOUT_MS, Math.max(0, next - Date.now())),
    );
    return () => clearTimeout(timer);
  }, [next, queryClient]);

  return { shown, now };
}
