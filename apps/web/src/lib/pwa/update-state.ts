import { useSyncExternalStore } from 'react';

/** Activates the waiting version and reloads every open tab with it. */
type ApplyUpdate = () => Promise<void>;

let applyUpdate: ApplyUpdate | null = null;
const listeners = new Set<() => void>();

/** The service worker registration heard that a new version is installed and waiting. */
export function offerUpdate(apply: ApplyUpdate): void {
  applyUpdate = apply;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => applyUpdate;

/** How to switch to the new version, once there is one; null until then. */
export function useWaitingUpdate(): ApplyUpdate | null {
  return useSyncExternalStore(subscribe, current, current);
}
