import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '../config/env.ts';

/**
 * What a log line may say about a request: its method and the route it matched (the pattern,
 * `/api/v1/places/:id`), never its URL. A URL's query holds visitors' positions (`near=`,
 * `covers=`), search text and the exact spot of a place being proposed; its path is not needed
 * once the route is known. No client address either (see docs/decisions/009-request-logs.md).
 */
function requestSummary(request: Partial<FastifyRequest>) {
  return { method: request.method, route: request.routeOptions?.url ?? null };
}

/**
 * Fastify's logger options: pino at LOG_LEVEL (to `stream` when given, stdout otherwise). Fastify's
 * own request lines are off (they hold the URL and the client address): `registerRequestLog`
 * writes one line per request instead. The serializers keep anything else that logs a request or
 * a reply to the same few fields, and the redactions are a second guard for headers.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    serializers: {
      req: requestSummary,
      res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
    },
    redact: ['req.headers', 'res.headers', 'headers'],
  };
}

/** One line per answered request: method, route pattern, status and time, nothing the client sent. */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { ...requestSummary(request), status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request completed',
    );
  });
}
