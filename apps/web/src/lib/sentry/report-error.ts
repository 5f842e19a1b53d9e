import { whenIdleAfterFirstView } from '../after-first-view.ts';
import { takeEarlyErrors } from './early-error-replay.ts';
import type { SentrySettings } from './sentry-settings.ts';

type Reporter = ReturnType<typeof import('./sentry-client.ts').startSentryClient>;

let reporter: Reporter | null = null;
let starting: Promise<void> | null = null;

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
  if (!dsn) {
    takeEarlyErrors();
    return Promise.resolve();
  }
  starting ??= new Promise<void>((loadNow) => when(loadNow))
    .then(() => import('./sentry-client.ts'))
    .then(({ startSentryClient }) => {
      reporter = startSentryClient({ ...settings, dsn });
    });
  return starting;
}

/**
 * Reports an error the app caught (an error boundary, a failed engine); a no-op without a DSN. An
 * error caught while the SDK is still to load is sent once it has started, not dropped.
 */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  const send = () => reporter?.captureException(error, context ? { extra: context } : undefined);
  if (reporter || !starting) send();
  else void starting.then(send, () => undefined);
}
