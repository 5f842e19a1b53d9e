import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
  type RouteOptions,
} from 'fastify';
import type { DestinationStream } from 'pino';
import { registerRequestUser } from './accounts/request-user.ts';
import { backgroundWork } from './background-work.ts';
import { type BasemapArchive, openBasemap } from './basemap/basemap-archive.ts';
import type { Config } from './config/env.ts';
import { WEB_DIST_DIR } from './config/paths.ts';
import { trustProxyOption } from './config/server.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/open-database.ts';
import { refusesForStorage, type StorageGuard, unwatchedStorage } from './db/storage-guard.ts';
import { uncountedWrites } from './db/write-count.ts';
import { registerAnswerCompression } from './http/answer-compression.ts';
import { isApiWrite } from './http/api-route.ts';
import { registerForwardedForWarning } from './http/client-address.ts';
import { registerCompression } from './http/compression.ts';
import { STORAGE_LOW_MESSAGE } from './http/database-errors.ts';
import { type ErrorReporter, sendError, toHttpError } from './http/errors.ts';
import { parseQueryString } from './http/query-string.ts';
import { registerRateLimits, registerWriteLimit } from './http/rate-limit.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { clientErrorHandler, registerStrictJsonParser } from './http/strict-input.ts';
import { registerWebApp } from './http/web-app.ts';
import { registerWriteGuard } from './http/write-guard.ts';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from './jobs/job-runner.ts';
import { openRateLimitStore } from './limits/open-rate-limit-store.ts';
import type { MailSenderOptions } from './mail/mail-sender.ts';
import { startMailer } from './mail/mailer.ts';
import { MapIndexService } from './map-index/map-index-service.ts';
import { loggerOptions, registerRequestLog } from './observability/request-log.ts';
import { reportError } from './observability/sentry.ts';
import { startPhotoSweep } from './photos/photo-sweep.ts';
import { auditRoutes } from './routes/audit.ts';
import { authRoutes } from './routes/auth.ts';
import { blockedSenderRoutes } from './routes/blocked-senders.ts';
import { categoryRoutes } from './routes/categories.ts';
import { confirmationRoutes } from './routes/confirmations.ts';
import { exportRoutes } from './routes/export.ts';
import { feedRoutes } from './routes/feeds.ts';
import { flagRoutes } from './routes/flags.ts';
import { followRoutes } from './routes/follows.ts';
import { geocodeRoutes } from './routes/geocode.ts';
import { importRoutes } from './routes/import.ts';
import { importSourceRoutes } from './routes/import-sources.ts';
import { jobRoutes } from './routes/jobs.ts';
import { mapRoutes } from './routes/map.ts';
import { noteReviewRoutes } from './routes/note-review.ts';
import { noteRoutes } from './routes/notes.ts';
import { oembedRoutes } from './routes/oembed.ts';
import { offlinePackRoutes } from './routes/offline-pack.ts';
import { openingHoursRoutes } from './routes/opening-hours.ts';
import { photoRoutes } from './routes/photos.ts';
import { placeWriteRoutes } from './routes/place-writes.ts';
import { placeRoutes } from './routes/places.ts';
import { systemRoutes } from './routes/system.ts';
import { testFaultRoutes } from './routes/test-faults.ts';
import { tileRoutes } from './routes/tiles.ts';
import { tokenRoutes } from './routes/tokens.ts';
import { unsubscribeRoutes } from './routes/unsubscribe.ts';
import { userRoutes } from './routes/users.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { decorateServices } from './services.ts';

/** Requests larger than this are refused with 413 before they are read in full. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppOptions {
  /** An open, migrated database; when absent one is opened from the config and closed with the app. */
  database?: Database;
  /** The map index (built or building); when absent one is created on the database, not yet built. */
  mapIndex?: MapIndexService;
  /** Free-space watch of the data folder; when absent writes are never refused for space. */
  storage?: StorageGuard;
  /**
   * The base map archive (BASEMAP=pmtiles), opened already; when absent it is opened from the
   * config (BasemapError when it cannot be). The app closes it as it closes.
   */
  basemap?: BasemapArchive | null;
  /** Where the built web app is (tests point this at a fixture). */
  webDistDir?: string;
  /** Receives unexpected errors; Sentry by default (a no-op unless SENTRY_DSN is set). */
  reportError?: ErrorReporter;
  /** Fastify's logger option; defaults to pino at LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (stdout when absent); tests read the log from here. */
  logStream?: DestinationStream;
  /**
   * The job runner's timing (tests poll often, with short leases); `run: false` makes an instance
   * that adds jobs and runs none (tests whose instances on one database differ in configuration).
   */
  jobs?: Pick<JobRunnerOptions, 'pollMs' | 'leaseMs'> & { run?: boolean };
  /** The waits between a webhook delivery's attempts (tests shorten them). */
  webhooks?: { retryWaitsMs?: readonly number[] };
  /** The mail sender's first wait after a failure (tests shorten it). */
  mail?: Pick<MailSenderOptions, 'firstRetryMs'>;
  /**
   * Whether periodic jobs (digests, alerts, tidying) are added on their schedule (default true).
   * Tests that write digests by hand turn it off: a scheduled run at any moment would write theirs first.
   */
  periodicJobs?: boolean;
  /** Sees every route as it is added (a test compares them with the OpenAPI document). */
  onRoute?: (route: RouteOptions) => void;
}

/** A client-chosen request id is kept when it is short and plain, so logs can be correlated. */
function requestId(header: string | string[] | undefined): string {
  return typeof header === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(header) ? header : randomUUID();
}

/**
 * Builds the app: external plugins (security headers), then our services, then routes; one error
 * handler for everything. Not yet listening: `server.ts` does that, tests use `inject`.
 */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  // First, so an archive that cannot be served leaves nothing open behind it.
  const basemap =
    options.basemap !== undefined
      ? options.basemap
      : config.basemap.kind === 'pmtiles'
        ? await openBasemap(config.basemap.archive)
        : null;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config, options.logStream),
    // Fastify's own request lines hold the URL and the client address: ours hold the route.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: (request) => requestId(request.headers['x-request-id']),
    requestIdHeader: false,
    return503OnClosing: true,
    // Behind a reverse proxy: whose X-Forwarded-For gives the client address (rate limits count by it).
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { maxParamLength: 200, querystringParser: parseQueryString },
    // Errors Fastify raises before routing (a malformed URL) get the same JSON shape.
    frameworkErrors: (error, _request, reply) => {
      const { status, body, headers } = toHttpError(error);
      return sendError(reply, body, { status, headers });
    },
    clientErrorHandler,
  });

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase(config, (error) => app.log.warn({ err: error }, 'idle database client failed')));
  const mapIndex =
    options.mapIndex ??
    new MapIndexService(database, {
      maxZoom: config.map.maxZoom,
      hours: config.hours,
      logger: app.log,
      readers: config.mapIndex.readers,
    });
  const storage = options.storage ?? unwatchedStorage;
  const report = options.reportError ?? reportError;

  // Where every rate limit counts (RATE_LIMIT_STORE); closed after the routes stop. Its windows
  // are not places: its writes (one per limited read) are left out of what the map index's watch
  // counts (db/write-count.ts).
  const rateLimitStore = await openRateLimitStore(
    config,
    uncountedWrites(database),
    app.log.child({ module: 'rate-limits' }),
  );

  // 1. External plugins.
  await registerSecurityHeaders(app, config);
  await registerCompression(app);
  registerAnswerCompression(app);
  await app.register(cookie);
  await registerRateLimits(app, rateLimitStore.routeLimits);
  registerStrictJsonParser(app);

  // 2. Our services, and the job runner that does their background work (started now; it stops
  // before the database closes). The mailer wakes the runner, which is made once the services are.
  let runner: JobRunner | undefined;
  const mailer = startMailer(
    config,
    database,
    { wake: () => runner?.wake(), runDue: async (kinds) => (runner ? runner.runDue(kinds) : 0) },
    options.mail,
  );
  decorateServices(app, {
    appConfig: config,
    database,
    mapIndex,
    storage,
    mailer,
    basemap,
    counters: rateLimitStore.counters,
  });
  const work = backgroundWork(app, { periodic: options.periodicJobs !== false, webhooks: options.webhooks });
  runner = createJobRunner({
    database,
    ...work,
    leaseMs: config.jobs.leaseMs,
    ...options.jobs,
    log: app.log.child({ module: 'jobs' }),
  });
  if (options.jobs?.run !== false) runner.start();
  // Photo files no photo names (a crash between file and row, deleted photos) go now and every hour.
  const stopPhotoSweep = startPhotoSweep(app.photoStore, app.photos, app.log);
  app.addHook('onClose', async () => {
    await runner?.stop();
    await stopPhotoSweep();
    await mailer.stop();
    await rateLimitStore.close();
    await basemap?.close();
    if (ownsDatabase) {
      await mapIndex.close();
      await database.close();
    }
  });

  registerRequestLog(app);
  registerForwardedForWarning(app, config.trustProxy);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // PGlite hangs on a full disk: refuse writes while space is low instead of starting them
    // (where the disk holds only photos, the upload route refuses its own).
    if (isApiWrite(request) && refusesForStorage(storage, false)) {
      return sendError(reply, { error: { code: 'insufficient_storage', message: STORAGE_LOW_MESSAGE } });
    }
  });

  // Cross-site and non-JSON writes are refused before they are read; then who is asking.
  registerWriteGuard(app, config);
  registerRequestUser(app);
  registerWriteLimit(app);

  app.setErrorHandler((error, request, reply) => {
    const { status, body, headers, expected } = toHttpError(error);
    if (!expected) {
      request.log.error({ err: error }, 'unexpected error');
      report(error, request);
    } else if (status >= 500) {
      request.log.warn({ err: error }, body.error.message);
    }
    return sendError(reply, body, { status, headers });
  });

  // 3. Routes, each from its entry in the contracts' endpoint table (http/contract-route.ts).
  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(categoryRoutes);
  await app.register(mapRoutes);
  await app.register(placeRoutes);
  await app.register(placeWriteRoutes);
  await app.register(flagRoutes);
  await app.register(confirmationRoutes);
  await app.register(openingHoursRoutes);
  await app.register(geocodeRoutes);
  await app.register(noteRoutes);
  await app.register(noteReviewRoutes);
  await app.register(photoRoutes);
  await app.register(exportRoutes);
  await app.register(offlinePackRoutes);
  await app.register(feedRoutes);
  await app.register(oembedRoutes);
  await app.register(importRoutes);
  await app.register(userRoutes);
  await app.register(blockedSenderRoutes);
  await app.register(jobRoutes);
  await app.register(auditRoutes);
  await app.register(webhookRoutes);
  await app.register(importSourceRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(followRoutes);
  await app.register(tileRoutes);
  await app.register(tokenRoutes);
  if (config.testFaults) await app.register(testFaultRoutes);
  await registerWebApp(app, options.webDistDir ?? WEB_DIST_DIR);

  return app;
}
