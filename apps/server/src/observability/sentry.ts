import * as Sentry from '@sentry/node';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';
import { scrubEvent, stripQuery } from './scrub.ts';

let enabled = false;

/**
 * Starts error reporting when SENTRY_DSN is set (off otherwise). No tracing: only errors, and
 * every event passes through `scrubEvent` first.
 */
export function initSentry(config: Pick<Config, 'sentry'>): boolean {
  if (!config.sentry.dsn) return false;
  Sentry.init({
    dsn: config.sentry.dsn,
    release: config.sentry.release,
    environment: config.sentry.environment,
    // SDK 11 collects everything by default (bodies, cookies, headers, query strings, user info,
    // local variables): ask for none of it. `beforeSend` still scrubs whatever slips through.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { allow: ['user-agent', 'accept', 'content-type'] }, response: false },
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
      genAI: { inputs: false, outputs: false },
      graphQL: { document: false, variables: false },
    },
    // No performance data: only errors are wanted, and spans would carry URLs with query strings.
    tracesSampleRate: 0,
    // The Fastify integration reports every thrown error, 4xx and 503s included; our error handler
    // knows which errors are bugs and reports only those (see app.ts).
    integrations: (defaults) => defaults.filter((integration) => integration.name !== 'Fastify'),
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => {
      const data = breadcrumb.data;
      if (data && typeof data.url === 'string')
        return { ...breadcrumb, data: { ...data, url: stripQuery(data.url) } };
      return breadcrumb;
    },
  });
  enabled = true;
  return true;
}

/** Reports an unexpected error of a request, tagged with its request id and route (no query, no body). */
export function reportError(error: unknown, request: FastifyRequest): void {
  if (!enabled) return;
  Sentry.withScope((scope) => {
    scope.setTag('request_id', String(request.id));
    scope.setContext('route', {
      method: request.method,
      route: request.routeOptions.url ?? null,
      path: stripQuery(request.url),
    });
    Sentry.captureException(error);
  });
}

/** Sends what is queued; called on shutdown so the last errors are not lost. */
export async function flushSentry(timeoutMs = 2000): Promise<void> {
  if (!enabled) return;
  await Sentry.close(timeoutMs);
  enabled = false;
}
