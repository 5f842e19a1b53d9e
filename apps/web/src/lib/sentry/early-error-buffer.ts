/**
 * The first script the page runs (src/early-errors.ts): until the Sentry SDK has loaded, which it
 * does only after the first view, uncaught errors and unhandled rejections are kept here and
 * handed to the SDK when it starts (see early-error-replay.ts), as Sentry's own Loader Script
 * does. Kept apart from everything else so its chunk stays a few hundred bytes.
 */

/** At most this many are kept: a loop that throws must not fill memory before anyone reads them. */
export const EARLY_ERROR_LIMIT = 20;

/** What the page holds for the SDK, on `window.__kartaEarlyErrors`. */
export interface EarlyErrorBuffer {
  readonly events: (ErrorEvent | PromiseRejectionEvent)[];
  /** Stops collecting and hands over what was collected (then nothing more is kept). */
  stop(): (ErrorEvent | PromiseRejectionEvent)[];
}

declare global {
  interface Window {
    __kartaEarlyErrors?: EarlyErrorBuffer;
  }
}

export function installEarlyErrorBuffer(target: Window): EarlyErrorBuffer {
  const events: (ErrorEvent | PromiseRejectionEvent)[] = [];
  const keep = (event: Event) => {
    // Only uncaught script errors: a failed image or stylesheet does not reach window's bubbling phase.
    if (events.length < EARLY_ERROR_LIMIT) events.push(event as ErrorEvent | PromiseRejectionEvent);
  };
  target.addEventListener('error', keep);
  target.addEventListener('unhandledrejection', keep);
  const buffer: EarlyErrorBuffer = {
    events,
    stop() {
      target.removeEventListener('error', keep);
      target.removeEventListener('unhandledrejection', keep);
      delete target.__kartaEarlyErrors;
      return events.splice(0);
    },
  };
  target.__kartaEarlyErrors = buffer;
  return buffer;
}
