import type { GeocodeItem } from '@karta/contracts';
import { useSyncExternalStore } from 'react';

/** The address the visitor chose in the header's search, and which choice it was (a new one opens anew). */
export interface ChosenAddress {
  address: GeocodeItem;
  /** Counts the choices: the panel for a new one takes the focus, even for the same address. */
  choice: number;
}

let chosen: ChosenAddress | null = null;
let choices = 0;
const listeners = new Set<() => void>();

function publish() {
  for (const listener of listeners) listener();
}

/**
 * Remembers the address chosen for the home page's panel. Kept for the visit, not in the URL:
 * the map's view is the URL's, and the panel goes when closed or when another search is made.
 */
export function chooseAddress(address: GeocodeItem): void {
  choices += 1;
  chosen = { address, choice: choices };
  publish();
}

/** The panel was closed, or a place or a search replaced the address. */
export function forgetAddress(): void {
  if (chosen === null) return;
  chosen = null;
  publish();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The chosen address, kept up to date. */
export function useChosenAddress(): ChosenAddress | null {
  return useSyncExternalStore(
    subscribe,
    () => chosen,
    () => chosen,
  );
}
