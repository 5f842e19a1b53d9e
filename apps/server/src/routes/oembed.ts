import type { FastifyInstance } from 'fastify';
import { oembedAnswer } from '../feeds/oembed-answer.ts';
import { oembedTarget } from '../feeds/oembed-target.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError } from '../http/errors.ts';
import { publicOrigin } from '../http/write-guard.ts';

/**
 * oEmbed (README "Embedding a map"): a consumer (a CMS, a chat) that is given a link to the
 * map or to a published place asks here for the `<iframe>` of its embed. Public: the answer is
 * what any visitor may see, and a place that is not published is unknown here, whoever asks.
 */
export async function oembedRoutes(app: FastifyInstance) {
  const site = publicOrigin(app.appConfig.publicUrl);
  const siteName = app.appConfig.mail?.siteName ?? 'Karta';

  defineRoute(app, 'oembed', async (request) => {
    const { url, maxwidth, maxheight, format } = request.query;
    if (format === 'xml')
      throw new AppError('oembed_format_unsupported', 'This site answers oEmbed in JSON only (format=json)');
    const found = oembedTarget(url, { publicOrigin: site, host: request.host });
    if (!found) throw new AppError('not_found', 'The address is not a map or place page of this site');
    const { target, origin } = found;
    // As a visitor sees it: a pending, rejected or archived place is not there, even for its author.
    const place =
      target.kind === 'place' ? ((await app.placeRepository.find(target.id, null)) ?? null) : null;
    if (target.kind === 'place' && !place)
      throw new AppError('not_found', `There is no published place ${target.id}`);
    return oembedAnswer({
      target,
      place,
      origin,
      siteName,
      defaultLanguage: app.appConfig.defaultLanguage,
      maxwidth,
      maxheight,
    });
  });
}
