import { useSyncExternalStore } from 'react';
import { SAVED_AT_HEADER } from '../service-worker/saved-at-header.ts';

/** Whether Karta's server answers, and how old the saved data shown meanwhile is. */
export interface Connectivity {
  /** The browser is online and the last request reached the server. */
  online: boolean;
  /** The oldest saved answer shown since the server last answered (ms since the epoch), if any. */
  savedAt: number | null;
}

let reachable = true;
let savedAt: number | null = null;
let snapshot: Connectivity = { online: true, savedAt: null };
const listeners = new Set<() => void>();

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** The same object while nothing changed, as useSyncExternalStore needs. */
function currentSnapshot(): Connectivity {
  const online = reachable && browserOnline();
  if (snapshot.online !== online || snapshot.savedAt !== savedAt) snapshot = { online, savedAt };
  return snapshot;
}

function publish() {
  for (const listener of listeners) listener();
}

/** An answer arrived: from the server itself, or (with the service worker's mark) from its cache. */
export function noteAnswer(response: Pick<Response, 'headers'>): void {
  const saved = response.headers.get(SAVED_AT_HEADER);
  if (saved === null) {
    reachable = true;
    savedAt = null;
  } else {
    reachable = false;
    const time = Date.parse(saved);
    if (Number.isFinite(time)) savedAt = savedAt === null ? time : Math.min(savedAt, time);
  }
  publish();
}

/** A request got no answer at all. */
export function noteNoAnswer(): void {
  reachable = false;
  publish();
}

/** The shape of `fetch`, for the layers of the API client's transport. */
export type Fetch = typeof fetch;

/** The browser's own fetch, for the API client to wrap (the one place the web app calls it). */
export const networkFetch: Fetch = (...args) => fetch(...args);

/**
 * `doFetch` that tells the connectivity store what happened: the API client's transport, so every
 * API answer (or its absence) counts.
 */
export function notingConnectivity(doFetch: Fetch): Fetch {
  return async (...args) => {
    try {
      const response = await doFetch(...args);
      noteAnswer(response);
      return response;
    } catch (error) {
      if (!args[1]?.signal?.aborted) noteNoAnswer();
      throw error;
    }
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Back online: assume the server answers until a request says otherwise (queries refetch then).
  const online = () => {
    reachable = true;
    publish();
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', publish);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', online);
    window.removeEventListener('offline', publish);
  };
}

/** The connectivity, kept up to date. */
export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribe, currentSnapshot, currentSnapshot);
}
