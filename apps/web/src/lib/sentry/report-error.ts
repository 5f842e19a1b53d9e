import { whenIdleAfterFirstView } from '../after-first-view.ts';
import { takeEarlyErrors } from './early-error-replay.ts';
import type { SentrySettings } from './sentry-settings.ts';

type Reporter = ReturnType<typeof import('./sentry-client.ts').startSentryClient>;

let reporter: Reporter | null = null;
let starting: Promise<void> | null = null;
/** Whether the config has said if errors are reported (a DSN or none). */
let decided = false;
/** At most this many caught errors wait for that answer: a loop that fails must not fill memory. */
const WAITING_LIMIT = 20;
/** Errors the app caught before the config said where they go (the first render's, above all). */
const waiting: { error: unknown; context?: Record<string, unknown> }[] = [];

function capture(error: unknown, context?: Record<string, unknown>): void {
  reporter?.captureException(error, context ? { extra: context } : undefined);
}

/**
 * Starts error reporting when a DSN is configured (otherwise it stays off, the SDK is never
 * downloaded and the early errors are dropped). The SDK (28 kB gzip) loads only once the first
 * view is done (`when`, by default when the page is idle after it); uncaught errors until then
 * are kept by the page's first script and sent when it starts (early-error-replay.ts), after
 * which the SDK catches them itself.
 */
export function initSentry(
  settings: SentrySettings,
  when: (task: () => void) => void = whenIdleAfterFirstView,
): Promise<void> {
  const { dsn } = settings;
  decided = true;
  if (!dsn) {
    takeEarlyErrors();
    waiting.length = 0;
    return Promise.resolve();
  }
  starting ??= new Promise<void>((loadNow) => when(loadNow))
    .then(() => import('./sentry-client.ts'))
    .then(({ startSentryClient }) => {
      reporter = startSentryClient({ ...settings, dsn });
      for (const { error, context } of waiting.splice(0)) capture(error, context);
    });
  return starting;
}

/**
 * Reports an error the app caught (an error boundary, a failed engine); a no-op without a DSN. An
 * error caught before the config has named a DSN (the first render runs before it is read) or
 * while the SDK is still to load is sent once it has started, not dropped.
 */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  if (reporter) capture(error, context);
  else if (starting)
    void starting.then(
      () => capture(error, context),
      () => undefined,
    );
  else if (!decided && waiting.length < WAITING_LIMIT) waiting.push({ error, context });
}
