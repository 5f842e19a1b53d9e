import {
  BrowserClient,
  breadcrumbsIntegration,
  browserApiErrorsIntegration,
  captureException,
  dedupeIntegration,
  defaultStackParser,
  getCurrentScope,
  globalHandlersIntegration,
  httpContextIntegration,
  linkedErrorsIntegration,
  makeFetchTransport,
} from '@sentry/react';
import { replayEarlyErrors } from './early-error-replay.ts';
import { scrubBreadcrumb, scrubEvent } from './scrub-event.ts';
import type { SentrySettings } from './sentry-settings.ts';

/**
 * Starts the Sentry client with only the integrations error reporting needs (no tracing, replay
 * or feedback): named imports keep the chunk small, and it is only loaded when a DSN is set.
 */
export function startSentryClient(settings: SentrySettings & { dsn: string }) {
  const client = new BrowserClient({
    dsn: settings.dsn,
    release: settings.release,
    environment: settings.environment,
    transport: makeFetchTransport,
    stackParser: defaultStackParser,
    integrations: [
      // Uncaught errors and unhandled rejections.
      globalHandlersIntegration(),
      browserApiErrorsIntegration(),
      linkedErrorsIntegration(),
      dedupeIntegration(),
      httpContextIntegration(),
      breadcrumbsIntegration(),
    ],
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
  getCurrentScope().setClient(client);
  client.init();
  // Its handlers are on window now: what happened before they were is sent through them.
  replayEarlyErrors();
  return { captureException };
}
