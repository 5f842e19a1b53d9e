/**
 * Google calls the global `gm_authFailure` when it refuses the key or client id (a referrer not
 * allowed, the API not enabled, billing off) — after the script loaded and a map was created.
 */
type AuthWindow = { gm_authFailure?: () => void };

/** Google refused the key or client id; its console message names the cause. */
export class AuthFailureError extends Error {
  override readonly name = 'AuthFailureError';
  constructor() {
    super('Google Maps refused the key or client id (the browser console names the cause)');
  }
}

const listeners = new Set<() => void>();
/** A handler the page had before ours, still called. */
let previous: (() => void) | undefined;

function notify(): void {
  previous?.();
  for (const listener of [...listeners]) listener();
}

/** Calls `listener` when Google refuses the credentials; returns the function that stops it. */
export function onAuthFailure(listener: () => void): () => void {
  const win = window as unknown as AuthWindow;
  if (win.gm_authFailure !== notify) {
    previous = win.gm_authFailure;
    win.gm_authFailure = notify;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}
