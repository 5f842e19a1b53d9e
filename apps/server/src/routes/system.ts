import { buildOpenApiDocument, type ClientConfig, type Health } from '@karta/contracts';
import type { FastifyInstance } from 'fastify';
import type { BasemapArchive } from '../basemap/basemap-archive.ts';
import { basemapHealthWarnings } from '../config/basemap.ts';
import type { Config } from '../config/env.ts';
import type { Geocoder } from '../geocoding/geocoder.ts';
import { defineRoute } from '../http/contract-route.ts';
import { sendError } from '../http/errors.ts';
import { importsRunning } from '../import/import-staging.ts';

/** Where the map asks for the base map's tiles (routes/tiles.ts): this server, as a file URL. */
export const BASEMAP_TILE_URL = '/tiles/{z}/{x}/{y}.mvt';

/** The deepest zoom the client config may name (the contract's bound): a map over-zooms past it. */
const DEEPEST_CONFIG_ZOOM = 22;

/**
 * The open engine's background: Karta's own vector tiles when the archive is open (its deepest
 * zoom and its attribution from the archive itself), else TILE_URL's raster tiles.
 */
export function clientBasemap(basemap: BasemapArchive | null): ClientConfig['basemap'] {
  if (!basemap) return { kind: 'raster' };
  return {
    kind: 'pmtiles',
    tileUrl: BASEMAP_TILE_URL,
    maxZoom: Math.min(basemap.maxZoom, DEEPEST_CONFIG_ZOOM),
    attribution: basemap.attribution,
  };
}

/** The runtime configuration the browser needs; never a secret beyond what the browser must hold. */
export function clientConfig(
  config: Config,
  geocoder: Geocoder | null,
  basemap: BasemapArchive | null,
): ClientConfig {
  return {
    mapEngine: config.map.engine,
    defaultCenter: config.map.defaultCenter,
    defaultZoom: config.map.defaultZoom,
    minZoom: config.map.minZoom,
    maxZoom: config.map.maxZoom,
    tileUrl: config.map.tileUrl,
    tileAttribution: config.map.tileAttribution,
    basemap: clientBasemap(basemap),
    languages: [...config.languages],
    defaultLanguage: config.defaultLanguage,
    timeZone: config.hours.timeZone,
    publicUrl: config.publicUrl,
    mail: config.mail !== null,
    signIn: {
      password: config.passwordLogin,
      providers: config.oidcProviders.map(({ name, label }) => ({ name, label })),
    },
    geocoder: geocoder && {
      attribution: geocoder.attribution,
      searchOnEnterOnly: geocoder.searchOnEnterOnly,
    },
    sentry: { ...config.sentry },
    // The browser key is public by design (restricted by referrer at Google); sent only when used.
    google: config.map.engine === 'google' ? { ...config.google } : null,
  };
}

/** health, config and openapi.json. */
export async function systemRoutes(app: FastifyInstance) {
  const config = clientConfig(app.appConfig, app.geocoder, app.basemap);
  const openApi = buildOpenApiDocument({
    version: app.appConfig.version,
    serverUrl: app.appConfig.publicUrl ?? undefined,
  });

  const warnings = basemapHealthWarnings(app.appConfig);

  defineRoute(app, 'health', async (_request, reply) => {
    const up = await app.database.ping(2000);
    const health: Health = {
      status: up ? 'ok' : 'unavailable',
      database: up ? 'up' : 'down',
      mapIndex: app.mapIndex.ready ? 'ready' : 'building',
      storage: app.storage.ok ? 'ok' : 'low',
      imports: importsRunning(app.database),
      mail: app.appConfig.mail ? 'on' : 'off',
      version: app.appConfig.version,
      warnings,
    };
    reply.header('cache-control', 'no-store');
    if (!up) {
      // The error shape (docs/product-rules.md §Errors) like every other error, with the health
      // report as its details.
      return sendError(reply, {
        error: { code: 'database_unavailable', message: 'The database does not answer', details: health },
      });
    }
    return health;
  });

  defineRoute(app, 'config', async () => config);

  defineRoute(app, 'openApi', async () => openApi);
}
