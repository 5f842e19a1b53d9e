import { FEED_ENTRIES } from '@karta/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MODERATOR_ROLES, requireUser } from '../accounts/request-user.ts';
import { publicChanges } from '../changes/public-changes.ts';
import { atomXml, sendAtom } from '../feeds/atom.ts';
import { placesFeedDocument } from '../feeds/places-feed.ts';
import {
  createReviewFeedTokens,
  reviewFeedDocument,
  reviewFeedUrl,
  reviewQueue,
} from '../feeds/review-feed.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError, validationError } from '../http/errors.ts';
import { KEYS_REMEMBERED } from '../http/rate-limit.ts';
import { publicOrigin } from '../http/write-guard.ts';
import { publishedNotes } from '../notes/published-notes.ts';
import { listFilterProblems } from '../places/list-filters.ts';

/**
 * Feed reads a minute from one address: a feed reader polls each feed every few minutes at most,
 * and a feed costs a few bounded queries, so a script is held to a steady rate. Scaled like the
 * other expensive reads by READ_RATE_LIMIT_SCALE (0: no limit, as in the benchmarks).
 */
const FEED_READS_PER_MINUTE = 60;

/** How long anyone may keep the public feed before asking again (then `ETag` saves the body). */
const PUBLIC_FEED_CACHE = 'public, max-age=300';

/**
 * Feeds without e-mail (decision 023): the public Atom feed of changes to places, with the place
 * list's filters, and a moderator's private feed of the review queue, opened by a token of its
 * own that the moderator creates, replaces and revokes here.
 */
export async function feedRoutes(app: FastifyInstance) {
  const siteOrigin = publicOrigin(app.appConfig.publicUrl);
  // Links are absolute: PUBLIC_URL's origin, else the request's own (a Host no URL can hold is
  // the client's mistake, not a failure of the feed).
  const originOf = (request: FastifyRequest) => {
    if (siteOrigin) return siteOrigin;
    try {
      return new URL(`${request.protocol}://${request.host}`).origin;
    } catch {
      throw new AppError('validation_error', 'The request’s Host header is not a host name');
    }
  };
  const site = app.appConfig.mail?.siteName ?? 'Karta';
  const language = app.appConfig.defaultLanguage;
  const tokens = createReviewFeedTokens(app.database);
  const scale = app.appConfig.readRateLimitScale;
  const feedRead =
    scale > 0
      ? {
          options: {
            config: {
              rateLimit: {
                max: Math.max(1, Math.round(FEED_READS_PER_MINUTE * scale)),
                timeWindow: 60_000,
                cache: KEYS_REMEMBERED,
              },
            },
          },
        }
      : {};

  defineRoute(
    app,
    'placesFeed',
    async (request, reply) => {
      const { query } = request;
      const problems = listFilterProblems(query);
      if (problems.length > 0) throw validationError(problems);
      const { category, ...where } = query;
      const filters = { ...where, categories: category };
      const [changes, notes] = await Promise.all([
        publicChanges(app.database, filters, { limit: FEED_ENTRIES }),
        publishedNotes(app.database, filters, { limit: FEED_ENTRIES }),
      ]);
      const document = placesFeedDocument({
        changes,
        notes,
        limit: FEED_ENTRIES,
        query,
        origin: originOf(request),
        language,
        site,
      });
      const xml = atomXml(document);
      // The same document for everyone (public positions only), so shared caches may keep it, unless
      // this answer also renews or clears a session cookie.
      return sendAtom(request, reply, xml, hasSetCookie(reply) ? 'private, no-cache' : PUBLIC_FEED_CACHE);
    },
    feedRead,
  );

  defineRoute(
    app,
    'reviewFeed',
    async (request, reply) => {
      const { token } = request.query;
      // Any token that does not open the feed is "not found": nothing says whether it ever existed.
      if (!(await tokens.opens(token))) throw new AppError('not_found', 'There is no such feed');
      const items = await reviewQueue(app.database, FEED_ENTRIES);
      const xml = atomXml(reviewFeedDocument({ items, token, origin: originOf(request), language, site }));
      reply.header('x-robots-tag', 'noindex');
      // Only for the reader that asked (its URL is a secret), and checked again each time.
      return sendAtom(request, reply, xml, 'private, no-cache');
    },
    feedRead,
  );

  defineRoute(app, 'createReviewFeedToken', async (request, reply) => {
    const moderator = requireUser(request, MODERATOR_ROLES);
    const token = await tokens.replace(moderator.id);
    reply.header('cache-control', 'no-store');
    return { url: reviewFeedUrl(originOf(request), token) };
  });

  defineRoute(app, 'revokeReviewFeedToken', async (request, reply) => {
    const user = requireUser(request, MODERATOR_ROLES);
    await tokens.revoke(user.id);
    return reply.send();
  });
}

function hasSetCookie(reply: FastifyReply): boolean {
  return reply.hasHeader('set-cookie');
}
