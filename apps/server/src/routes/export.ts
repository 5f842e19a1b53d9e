import type { ExportQuery } from '@karta/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { csvChunks, geoJsonChunks } from '../export/place-export.ts';
import { type ExportFormat, sendExport } from '../export/send-export.ts';
import { defineRoute } from '../http/contract-route.ts';
import { validationError } from '../http/errors.ts';
import { RATE_LIMITS } from '../http/rate-limit.ts';
import { publicOrigin } from '../http/write-guard.ts';
import { listFilterProblems } from '../places/list-filters.ts';
import { fieldFiltersOf } from './field-filters.ts';

/**
 * Export of published places as GeoJSON and CSV (docs/product-rules.md §Exports), with the filters
 * of `GET /api/v1/places`, streamed page by page so memory stays flat at any size.
 */
export async function exportRoutes(app: FastifyInstance) {
  const siteOrigin = publicOrigin(app.appConfig.publicUrl);

  async function send(
    request: Omit<FastifyRequest, 'query'> & { query: ExportQuery },
    reply: FastifyReply,
    format: ExportFormat,
  ) {
    const { query } = request;
    const problems = listFilterProblems(query);
    if (problems.length > 0) throw validationError(problems);
    const fieldFilters = await fieldFiltersOf(app, query.f);
    const categories = await app.categoryRepository.list();
    const origin = siteOrigin ?? `${request.protocol}://${request.host}`;
    // Everything is checked, and the first page read, before the first byte (see send-export.ts).
    return sendExport(reply, {
      repository: app.placeRepository,
      photos: app.photos,
      query,
      fieldFilters,
      categories,
      origin,
      format,
    });
  }

  const extras = { options: { config: { rateLimit: RATE_LIMITS.exportsPerAddress } } };
  defineRoute(
    app,
    'exportGeoJson',
    (request, reply) =>
      send(request, reply, {
        type: 'application/geo+json; charset=utf-8',
        extension: 'geojson',
        chunks: (pages, { origin }) => geoJsonChunks(pages, origin),
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
        chunks: (pages, { origin, categories }) =>
          csvChunks(pages, origin, app.appConfig.languages, categories),
      }),
    extras,
  );
}
