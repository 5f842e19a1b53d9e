import { ResetToken } from '@karta/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../http/contract-route.ts';
import { AppError } from '../http/errors.ts';
import { unsubscribe } from '../notifications/unsubscribe-links.ts';

const UNKNOWN_LINK = 'This unsubscribe link is not known. It may be incomplete.';

/**
 * Leaving a list from an e-mail: the page `/unsubscribe?token=…` asks, then calls the API route;
 * a mail client's one-click unsubscribe (RFC 8058) POSTs `List-Unsubscribe=One-Click` to the
 * link itself, from its own servers, with neither a cookie nor our Origin.
 */
export async function unsubscribeRoutes(app: FastifyInstance) {
  defineRoute(app, 'unsubscribe', async (request) => {
    const list = await unsubscribe(app.database, request.body.token);
    if (!list) throw new AppError('not_found', UNKNOWN_LINK);
    return { list };
  });

  await app.register(async (oneClick) => {
    // Form bodies here only (RFC 8058 allows urlencoded or multipart): the API stays JSON-only.
    oneClick.removeAllContentTypeParsers();
    oneClick.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
      done(null, body),
    );
    oneClick.post('/unsubscribe', async (request, reply) => {
      const token = ResetToken.safeParse((request.query as { token?: unknown }).token);
      const list = token.success ? await unsubscribe(app.database, token.data) : null;
      if (!list) throw new AppError('not_found', UNKNOWN_LINK);
      reply.header('cache-control', 'no-store');
      return { list };
    });
  });
}
