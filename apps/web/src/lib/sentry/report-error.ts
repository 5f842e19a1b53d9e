import type { SentrySettings } from './sentry-settings.ts';

type Reporter = ReturnType<typeof import('./sentry-client.ts').startSentryClient>;

let reporter: Reporter | null = null;
let starting: Promise<void> | null = null;

/**
 * Starts error reporting when a DSN is configured (otherwise it stays off and the SDK is never
 * downloaded). Uncaught errors and unhandled rejections then reach the DSN on their own.
 */
export function initSentry(settings: SentrySettings): Promise<void> {
  const { dsn } = settings;
  if (!dsn) return Promise.resolve();
  starting ??= import('./sentry-client.ts').then(({ startSentryClient }) => {
    reporter = startSentryClient({ ...settings, dsn });
  });
  return starting;
}

/**
 * Reports an error the app caught (an error boundary, a failed engine); a no-op without a DSN. An
 * error caught while the SDK is still downloading is sent once it has started, not dropped.
 */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  const send = () => reporter?.captureException(error, context ? { extra: context } : undefined);
  if (reporter || !starting) send();
  else void starting.then(send, () => undefined);
}
