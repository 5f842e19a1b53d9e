import type { LatLng } from '@karta/map-core';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Why the browser gave no position, each with its own advice. */
export type LocateProblem = 'denied' | 'unavailable' | 'timeout' | 'unsupported' | 'insecure';

/** Problems asking again can mend (after allowing it, outdoors, a moment later): a retry is offered. */
export const RETRYABLE_PROBLEMS: ReadonlySet<LocateProblem> = new Set(['denied', 'unavailable', 'timeout']);

export type LocateStatus =
  | { state: 'idle' }
  | { state: 'locating' }
  | { state: 'failed'; problem: LocateProblem };

/**
 * A phone indoors may need several seconds for a first fix; past ten the user is better served
 * by the advice to retry or pick a point.
 */
export const LOCATE_TIMEOUT_MS = 10_000;

/** A position up to a minute old is still where the user stands, and comes back at once. */
export const LOCATE_MAXIMUM_AGE_MS = 60_000;

// GeolocationPositionError's codes (the constants are absent where the API is).
const PROBLEM_BY_CODE: Record<number, LocateProblem> = { 1: 'denied', 2: 'unavailable', 3: 'timeout' };

/**
 * Asks the browser where the user is, on request only (a prompt on page load is the surest way to
 * be refused). `onFound` gets the position; a failure leaves everything else as it was.
 */
export function useGeolocation(onFound: (position: LatLng) => void) {
  const [status, setStatus] = useState<LocateStatus>({ state: 'idle' });
  const latestOnFound = useRef(onFound);
  latestOnFound.current = onFound;
  // An answer that arrives after the page was left must not update it.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const locate = useCallback(() => {
    // Browsers share positions only with secure origins (HTTPS or this machine); elsewhere they
    // refuse as if the user had, which would give the wrong advice.
    if (window.isSecureContext === false) {
      setStatus({ state: 'failed', problem: 'insecure' });
      return;
    }
    const geolocation = 'geolocation' in navigator ? navigator.geolocation : undefined;
    if (!geolocation) {
      setStatus({ state: 'failed', problem: 'unsupported' });
      return;
    }
    setStatus({ state: 'locating' });
    geolocation.getCurrentPosition(
      (position) => {
        if (!mounted.current) return;
        setStatus({ state: 'idle' });
        latestOnFound.current({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      (error) => {
        if (!mounted.current) return;
        setStatus({ state: 'failed', problem: PROBLEM_BY_CODE[error.code] ?? 'unavailable' });
      },
      { enableHighAccuracy: false, timeout: LOCATE_TIMEOUT_MS, maximumAge: LOCATE_MAXIMUM_AGE_MS },
    );
  }, []);

  const dismiss = useCallback(() => setStatus({ state: 'idle' }), []);

  return { status, locate, dismiss };
}
