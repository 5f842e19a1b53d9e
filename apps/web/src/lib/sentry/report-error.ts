import { scrubBreadcrumb, scrubEvent } from './scrub-event.ts';

/** What the app needs from the Sentry SDK, loaded on demand so deployments without a DSN never download it. */
type SentryModule = typeof import('@sentry/react');

export interface SentrySettings {
  dsn: string | null;
  release: string;
  environment: string;
}

let sentry: SentryModule | null = null;

/**
 * Starts error reporting when a DSN is configured (otherwise reporting stays off). Uncaught errors
 * and unhandled rejections then reach the DSN through the SDK's global handlers.
 */
export async function initSentry(settings: SentrySettings): Promise<void> {
  if (!settings.dsn || sentry) return;
  const module = await import('@sentry/react');
  module.init({
    dsn: settings.dsn,
    release: settings.release,
    environment: settings.environment,
    // Collect as little as the SDK allows; beforeSend then removes what it sends anyway.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { allow: ['user-agent'] }, response: false },
      httpBodies: [],
      urlQueryParams: false,
    },
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  });
  sentry = module;
}

/** Reports an error caught by the app (an error boundary, React's root handlers); a no-op without a DSN. */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  sentry?.captureException(error, context ? { extra: context } : undefined);
}
