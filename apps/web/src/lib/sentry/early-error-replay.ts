// Type only: the buffer's code lives in the page's first script, never in this chunk.
import type { EarlyErrorBuffer } from './early-error-buffer.ts';

/**
 * Ends the early collection (src/early-errors.ts) and returns what it caught; an empty list when
 * there was none. Called once error reporting is decided: started, or off for want of a DSN.
 */
export function takeEarlyErrors(target: Window = window): (ErrorEvent | PromiseRejectionEvent)[] {
  const buffer: EarlyErrorBuffer | undefined = target.__kartaEarlyErrors;
  return buffer?.stop() ?? [];
}

/**
 * Hands the early errors to the handlers the Sentry SDK has just installed on `window.onerror`
 * and `window.onunhandledrejection`, the way Sentry's Loader Script replays its queue, so each
 * is reported exactly as if it had happened now (uncaught, with its stack).
 */
export function replayEarlyErrors(target: Window = window): void {
  for (const event of takeEarlyErrors(target)) {
    if ('reason' in event) target.onunhandledrejection?.(event);
    else target.onerror?.(event.message, event.filename, event.lineno, event.colno, event.error);
  }
}
