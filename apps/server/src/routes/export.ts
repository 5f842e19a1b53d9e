import { Readable } from 'node:stream';
import type { ExportQuery } from '@karta/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { csvChunks, exportPages, geoJsonChunks } from '../export/place-export.ts';
import { defineRoute } from '../http/contract-route.ts';
import { validationError } from '../http/errors.ts';
import { RATE_LIMITS } from '../http/rate-limit.ts';
import { publicOrigin } from '../http/write-guard.ts';
import { listFilterProblems } from '../places/list-filters.ts';

/** `karta-places-2026-11-22.csv`: the day of the export in the name, so downloads do not clash. */
function fileName(extension: string): string {
  return `karta-places-${new Date().toISOString().slice(0, 10)}.${extension}`;
}

/**
 * Export of published places as GeoJSON and CSV (PRODUCT.md §7), with the filters of
 * `GET /api/v1/places`, streamed page by page so memory stays flat at any size.
 */
export async function exportRoutes(app: FastifyInstance) {
  const siteOrigin = publicOrigin(app.appConfig.publicUrl);

  function send(
    request: Omit<FastifyRequest, 'query'> & { query: ExportQuery },
    reply: FastifyReply,
    format: { type: string; extension: string; chunks: typeof csvChunks },
  ) {
    const { query } = request;
    const problems = listFilterProblems(query);
    if (problems.length > 0) throw validationError(problems);
    const origin = siteOrigin ?? `${request.protocol}://${request.host}`;
    const chunks = format.chunks(exportPages(app.placeRepository, query), origin);
    reply
      .type(format.type)
      .header('content-disposition', `attachment; filename="${fileName(format.extension)}"`)
      .header('x-content-type-options', 'nosniff');
    return reply.send(Readable.from(chunks));
  }

  const extras = { options: { config: { rateLimit: RATE_LIMITS.exportsPerAddress } } };
  defineRoute(
    app,
    'exportGeoJson',
    (request, reply) =>
      send(request, reply, {
        type: 'application/geo+json; charset=utf-8',
        extension: 'geojson',
        chunks: geoJsonChunks,
      }),
    extras,
  );
  defineRoute(
    app,
    'exportCsv',
    (request, reply) =>
      send(request, reply, {
        type: 'text/csv; charset=utf-8; header=present',
        extension: 'csv',
        chunks: csvChunks,
      }),
    extras,
  );
}
