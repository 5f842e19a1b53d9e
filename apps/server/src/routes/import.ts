import type { Readable } from 'node:stream';
import { IMPORT_CONTENT_TYPES, IMPORT_LIMIT_BYTES } from '@karta/contracts';
import type { FastifyInstance } from 'fastify';
import { MODERATOR_ROLES, requireUser } from '../accounts/request-user.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError } from '../http/errors.ts';
import { perUserRouteLimit, RATE_LIMITS } from '../http/rate-limit.ts';
import { mediaType, publicOrigin, type WriteRouteConfig } from '../http/write-guard.ts';
import {
  type AddressPlacements,
  placeByAddress,
  placedRows,
  placementReport,
} from '../import/address-placement.ts';
import { geocodingRuns } from '../import/geocoding-runs.ts';
import { spoolBody, tooLarge } from '../import/import-file.ts';
import { importPlaces } from '../import/import-places.ts';
import { listImportResults } from '../import/import-results.ts';
import { ensureRoom, ImportSpaceWatch, importBytes } from '../import/import-space.ts';
import { finishLeftRuns } from '../import/import-staging.ts';
import { csvRows, geoJsonRows, type SourceRow } from '../import/source-rows.ts';
import { ownUploadFolder, removeStaleUploads, uploadRoot } from '../import/upload-folder.ts';
import { auditActorOf } from './audit-actor.ts';

/**
 * Addresses a real import asks the geocoder for while it runs; more are looked up in the
 * background first (at the public Nominatim's one a second, 20 take 20 s).
 */
const ASKED_WHILE_IMPORTING = 20;

/** `POST /api/v1/import` (moderators and admins): GeoJSON or CSV, every row or none. */
export async function importRoutes(app: FastifyInstance) {
  const site = publicOrigin(app.appConfig.publicUrl);
  const ownHost = site ? new URL(site).host : null;
  const { minFreeDiskMb } = app.appConfig;
  // PGlite's disk, which its imports watch as they write (import-space.ts).
  const disk = { path: app.appConfig.dataDir, minFreeMb: minFreeDiskMb };
  const uploads = uploadRoot(app.appConfig);
  // What imports of a killed process left behind goes at start (each import removes its own).
  const stale = await removeStaleUploads(uploads);
  if (stale > 0) app.log.info({ folders: stale }, 'uploads left by a stopped process removed');
  // And what its imports left in the database: deleted if staging, published if publishing.
  // A database that does not answer now must not stop the server from starting (health tells):
  // the next import finishes them first anyway.
  if (app.database.kind === 'pglite') {
    try {
      const left = await finishLeftRuns(app.database, new ImportSpaceWatch(app.database, disk));
      if (left.dropped + left.published > 0) app.log.info(left, 'imports left by a stopped process finished');
    } catch (error) {
      app.log.warn({ err: error }, 'imports left by a stopped process could not be finished yet');
    }
  }

  // The file reaches the handler as a stream (this plugin's routes only); it is spooled to disk there.
  app.addContentTypeParser(Object.values(IMPORT_CONTENT_TYPES), (_request, payload, done) =>
    done(null, payload),
  );

  // Rows with an address and no position: looked up in the background when they are many.
  const runs = app.geocoder && geocodingRuns(app.database);

  const config: WriteRouteConfig & { rateLimit: object } = {
    bodyTypes: Object.values(IMPORT_CONTENT_TYPES),
    rateLimit: perUserRouteLimit(RATE_LIMITS.importsPerUser),
  };

  defineRoute(
    app,
    'importPlaces',
    async (request) => {
      const user = auditActorOf(request, MODERATOR_ROLES);
      const { query } = request;
      const expected = IMPORT_CONTENT_TYPES[query.format];
      if (mediaType(request.headers['content-type']) !== expected) {
        throw new AppError(
          'unsupported_media_type',
          `Unsupported content type: format=${query.format} is sent as ${expected}`,
        );
      }
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > IMPORT_LIMIT_BYTES) throw tooLarge(IMPORT_LIMIT_BYTES);

      const folder = await ownUploadFolder(uploads);
      // Without a declared length, a chunked upload may run up to the limit.
      await ensureRoom(folder, declared > 0 ? declared : IMPORT_LIMIT_BYTES, minFreeDiskMb, 'upload');
      const file = await spoolBody(request.body as Readable, folder);
      try {
        const dryRun = query.dryRun ?? true;
        // PGlite writes on this machine's disk: an import that could fill it must not start.
        if (!dryRun && app.database.kind === 'pglite')
          await ensureRoom(
            app.appConfig.dataDir,
            importBytes(file.rows, file.bytes),
            minFreeDiskMb,
            'import',
          );
        const read = () => (query.format === 'csv' ? csvRows(file.open()) : geoJsonRows(file.open()));
        const placing = await placeRowsByAddress(read, dryRun, user.id);
        const rows = placing
          ? placedRows(read(), placing.placements.byRow, dryRun ? app.appConfig.map.defaultCenter : null)
          : read();
        const { report, imported, staleUpdates } = await importPlaces(app.database, rows, {
          format: query.format,
          dryRun,
          status: query.status ?? 'pending',
          actorId: user.id,
          actor: user,
          host: ownHost ?? request.host,
          languages: app.appConfig.languages,
          hours: app.appConfig.hours,
          disk,
        });
        if (placing) report.geocoding = placing.report;
        if (!dryRun && !imported) {
          const count = report.refused.length;
          throw new AppError(
            'import_refused',
            `${count} row${count === 1 ? ' was' : 's were'} refused, so nothing was imported`,
            report,
          );
        }
        if (staleUpdates > 0) {
          request.log.warn({ staleUpdates }, 'places edited during the import kept their edit');
        }
        return report;
      } finally {
        await file.remove();
      }
    },
    // Every other request keeps the app's small body limit.
    { options: { bodyLimit: IMPORT_LIMIT_BYTES, config } },
  );

  /**
   * The file's rows with an address and no position, looked up before the import reads it (a
   * call to another service never runs inside the import's transaction). What the geocoder has
   * answered before is used at once; the rest is asked for during a real run when it is a few
   * addresses, else looked up in the background: a dry run starts that and reports it, a real run
   * starts it and answers 409 `geocoding_in_progress`. Null when no row needs it, or the site's
   * geocoder is off (such rows are then refused for their missing position).
   */
  async function placeRowsByAddress(read: () => AsyncIterable<SourceRow>, dryRun: boolean, actorId: number) {
    const geocoder = app.geocoder;
    if (!geocoder || !runs) return null;
    let placements: AddressPlacements = await placeByAddress(read(), geocoder, 'cached');
    if (placements.byRow.size === 0) return null;
    const upstreamCalls = placements.unknown.length;
    const minimumSeconds = Math.ceil((upstreamCalls * geocoder.intervalMs) / 1000);
    let runId: number | null = null;
    if (upstreamCalls > 0 && (dryRun || upstreamCalls > ASKED_WHILE_IMPORTING)) {
      runId = await runs.start(actorId, placements.unknown);
      if (!dryRun) {
        throw new AppError(
          'geocoding_in_progress',
          `${upstreamCalls} addresses are being looked up first (at least ${minimumSeconds} s): import again once that is done`,
          { runId, upstreamCalls, minimumSeconds },
        );
      }
    } else if (upstreamCalls > 0) {
      placements = await placeByAddress(read(), geocoder, 'ask');
    }
    const report = { rows: placementReport(placements.byRow), upstreamCalls, minimumSeconds, runId };
    return { placements, report };
  }

  defineRoute(app, 'importGeocodingRun', async (request) => {
    const user = requireUser(request, MODERATOR_ROLES);
    const run = await runs?.read(request.params.id, user.id);
    if (!run) throw new AppError('not_found', `There is no address look-up ${request.params.id} of yours`);
    return run;
  });

  defineRoute(app, 'listImports', async (request) => {
    requireUser(request, MODERATOR_ROLES);
    return { items: await listImportResults(app.database) };
  });
}
