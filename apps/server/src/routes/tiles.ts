import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { MAX_BASEMAP_TILES, SAVED_BASEMAP_MAX_ZOOM } from '@karta/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BasemapArchive } from '../basemap/basemap-archive.ts';
import { parseTileAddress } from '../basemap/tile-address.ts';
import { boxSize } from '../basemap/tile-count.ts';
import { acceptsGzip } from '../http/compression.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError } from '../http/errors.ts';
import { namesEtag } from '../http/etag.ts';
import { bucketLimitHook, TILE_LIMIT } from '../http/read-limits.ts';

/** The media type of a Mapbox Vector Tile. */
export const TILE_CONTENT_TYPE = 'application/vnd.mapbox-vector-tile';

/**
 * A day: browsers and caches ask again after it (with the ETag), so a replaced archive reaches
 * everyone within a day; a saved area's tiles are kept by the service worker apart from this.
 */
export const TILE_CACHE_CONTROL = 'public, max-age=86400';

async function sendTile(archive: BasemapArchive, request: FastifyRequest, reply: FastifyReply) {
  const { z, x, y } = request.params as { z: string; x: string; y: string };
  const address = parseTileAddress(z, x, y);
  if (typeof address === 'string') throw new AppError('validation_error', address);
  reply.header('cache-control', TILE_CACHE_CONTROL);
  reply.header('vary', 'accept-encoding');
  const stored = await archive.tile(address.z, address.x, address.y);
  // Nothing there (sea, or beyond the archive's box or zooms): an answer too, kept like a tile.
  if (!stored) return reply.status(204).send();
  const gzipped = archive.tileCompression === 'gzip';
  const passGzip = gzipped && acceptsGzip(request.headers['accept-encoding']);
  // One ETag per stored tile and per form it is sent in (RFC 9110: strong tags differ by coding).
  const hash = createHash('sha256').update(stored).digest('base64url').slice(0, 22);
  const etag = `"${hash}${gzipped && !passGzip ? '-identity' : ''}"`;
  reply.header('etag', etag);
  if (namesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
  reply.type(TILE_CONTENT_TYPE);
  if (passGzip) reply.header('content-encoding', 'gzip');
  return reply.send(Buffer.from(gzipped && !passGzip ? gunzipSync(stored) : stored));
}

/**
 * GET /tiles/{z}/{x}/{y}.mvt: the base map's vector tiles from its PMTiles archive
 * (BASEMAP=pmtiles, decision 028), registered only then. A file the map asks for, not an API
 * answer: its bytes go as stored (gzip) to clients that take gzip, and the compression plugin
 * leaves them alone.
 */
export async function tileRoutes(app: FastifyInstance) {
  const archive = app.basemap;
  tileSizeRoute(app, archive);
  if (!archive) return;
  const limit = bucketLimitHook('tiles', TILE_LIMIT, () => app.appConfig.readRateLimitScale);
  app.get('/tiles/:z/:x/:y', { onRequest: limit, compress: false }, (request, reply) =>
    sendTile(archive, request, reply),
  );
}

/**
 * GET /api/v1/tiles/size: what saving a box's base map costs, asked before the download (the
 * web's "Save this area" shows it and keeps no background past its cap). An API endpoint, so it is
 * there with BASEMAP=raster too, answering 404.
 */
function tileSizeRoute(app: FastifyInstance, archive: BasemapArchive | null) {
  defineRoute(app, 'tilesSize', async (request) => {
    if (!archive) throw new AppError('not_found', 'This site draws no base map of its own (BASEMAP=raster)');
    const size = await boxSize(archive, request.query.bbox, SAVED_BASEMAP_MAX_ZOOM, MAX_BASEMAP_TILES);
    if ('tooMany' in size) {
      throw new AppError(
        'basemap_area_too_large',
        `This area's base map is ${size.tooMany} tiles, more than ${MAX_BASEMAP_TILES}: save a smaller area`,
        { max: MAX_BASEMAP_TILES },
      );
    }
    return size;
  });
}
