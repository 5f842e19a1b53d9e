import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ClientConfig, MAX_BASEMAP_TILES, TilesSize } from '@karta/contracts';
import {
  sliceLayers,
  type TileInput,
  tilesOfBox,
  ZAGREB_BOUNDS,
  ZAGREB_LAYERS,
  zagrebBasemap,
} from '@karta/pmtiles-fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config/env.ts';
import { TILE_CONTENT_TYPE } from '../src/routes/tiles.ts';
import { type S3StandIn, startS3StandIn } from './support/s3-stand-in.ts';
import { startServerProcess } from './support/server-process.ts';
import { dbKind, startInstance, startTestApp, type TestApp } from './support/test-app.ts';

/** The Zagreb archive's tiles as written, before compression, by address. */
const written = new Map<string, TileInput>(
  sliceLayers(ZAGREB_LAYERS, { bounds: ZAGREB_BOUNDS, minZoom: 0, maxZoom: 12 }).map((tile) => [
    `${tile.z}/${tile.x}/${tile.y}`,
    tile,
  ]),
);
const city = tilesOfBox([15.977, 45.813, 15.977, 45.813], 12)[0] ?? { z: 12, x: 0, y: 0 };
const cityUrl = `/tiles/12/${city.x}/${city.y}.mvt`;
const cityTile = written.get(`12/${city.x}/${city.y}`)?.data;

// Nothing here reads the database: the PostgreSQL run would only repeat the PGlite one.
describe.skipIf(dbKind !== 'pglite')(
  'the base map tiles, GET /tiles/{z}/{x}/{y}.mvt (BASEMAP=pmtiles)',
  () => {
    let folder: string;
    let t: TestApp;

    beforeAll(async () => {
      folder = await mkdtemp(join(tmpdir(), 'karta-tiles-'));
      await writeFile(join(folder, 'zagreb.pmtiles'), zagrebBasemap());
      t = await startTestApp({
        demo: false,
        env: { BASEMAP: 'pmtiles', BASEMAP_PMTILES: join(folder, 'zagreb.pmtiles') },
      });
    });
    afterAll(async () => {
      await t?.close();
      await rm(folder, { recursive: true, force: true });
    });

    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers });

    it("names the archive's tiles, deepest zoom and attribution in the client config", async () => {
      const response = await get('/api/v1/config');
      expect(ClientConfig.parse(response.json()).basemap).toEqual({
        kind: 'pmtiles',
        tileUrl: '/tiles/{z}/{x}/{y}.mvt',
        maxZoom: 12,
        attribution: '© OpenStreetMap contributors',
      });
    });

    it("sends the archive's gzipped bytes as they are to a client that takes gzip", async () => {
      expect(cityTile).toBeDefined();
      const response = await get(cityUrl, { 'accept-encoding': 'gzip, deflate, br' });
      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({
        'content-type': TILE_CONTENT_TYPE,
        'content-encoding': 'gzip',
        'cache-control': 'public, max-age=86400',
        vary: 'accept-encoding',
      });
      expect(response.headers.etag).toMatch(/^"[\w-]{22}"$/);
      const archive = await readFile(join(folder, 'zagreb.pmtiles'));
      // The very bytes stored in the archive, found where the archive keeps them.
      expect(archive.includes(response.rawPayload)).toBe(true);
      expect(new Uint8Array(gunzipSync(response.rawPayload))).toEqual(cityTile);
    });

    it('sends every tile of the archive equal to the one it was written from', async () => {
      for (const [address, tile] of written) {
        const response = await get(`/tiles/${address}.mvt`, { 'accept-encoding': 'gzip' });
        expect(response.statusCode, address).toBe(200);
        expect(new Uint8Array(gunzipSync(response.rawPayload)), address).toEqual(tile.data);
      }
    });

    it('unzips the tile for a client that does not take gzip, and compresses it no other way', async () => {
      const gzipped = await get(cityUrl, { 'accept-encoding': 'gzip' });
      for (const acceptEncoding of ['identity', 'br', 'gzip;q=0, br']) {
        const response = await get(cityUrl, { 'accept-encoding': acceptEncoding });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding'], acceptEncoding).toBeUndefined();
        expect(new Uint8Array(response.rawPayload)).toEqual(cityTile);
        // Another form of the tile, so another strong ETag.
        expect(response.headers.etag).not.toBe(gzipped.headers.etag);
      }
    });

    it('answers 304 to a client that holds the tile already', async () => {
      const first = await get(cityUrl, { 'accept-encoding': 'gzip' });
      const etag = String(first.headers.etag);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
        const again = await get(cityUrl, { 'accept-encoding': 'gzip', 'if-none-match': ifNoneMatch });
        expect(again.statusCode).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe('public, max-age=86400');
      }
      const other = await get(cityUrl, { 'accept-encoding': 'gzip', 'if-none-match': '"other"' });
      expect(other.statusCode).toBe(200);
    });

    it('answers 204, with nothing, where the archive has no tile', async () => {
      const west = tilesOfBox([15.7, 45.8, 15.7, 45.8], 12)[0];
      for (const url of [
        '/tiles/12/0/0.mvt',
        `/tiles/12/${west?.x}/${west?.y}.mvt`,
        `/tiles/13/${city.x * 2}/${city.y * 2}.mvt`,
        '/tiles/30/0/0.mvt',
      ]) {
        const response = await get(url, { 'accept-encoding': 'gzip' });
        expect(response.statusCode, url).toBe(204);
        expect(response.rawPayload.length).toBe(0);
        expect(response.headers['content-encoding']).toBeUndefined();
      }
    });

    it('refuses an address that names no tile with the usual error body', async () => {
      for (const url of [
        '/tiles/a/0/0.mvt',
        '/tiles/1/2/0.mvt',
        '/tiles/1/0/-1.mvt',
        '/tiles/31/0/0.mvt',
        '/tiles/1/0/0.5.mvt',
        '/tiles/1/0/0.png',
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toMatchObject({ error: { code: 'validation_error' } });
      }
    });

    it('says how many tiles of a box the archive holds and their bytes as sent, to zoom 15 at most', async () => {
      const response = await get('/api/v1/tiles/size?bbox=15.75,45.65,16.25,45.95');
      expect(response.statusCode).toBe(200);
      const size = TilesSize.parse(response.json());
      expect(size).toMatchObject({ tiles: written.size, maxZoom: 12 });
      let bytes = 0;
      for (const address of written.keys()) {
        bytes += (await get(`/tiles/${address}.mvt`, { 'accept-encoding': 'gzip' })).rawPayload.length;
      }
      expect(size.bytes).toBe(bytes);
    });

    it('refuses a box of too many tiles, and a bad box, with their codes', async () => {
      const world = await get('/api/v1/tiles/size?bbox=-180,-85,180,85');
      expect(world.statusCode).toBe(400);
      expect(world.json()).toMatchObject({
        error: { code: 'basemap_area_too_large', details: { max: MAX_BASEMAP_TILES } },
      });
      const bad = await get('/api/v1/tiles/size?bbox=16,46,15,45x');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: { code: 'validation_error' } });
    });

    it('serves the home page with no raster tile, no tile server in its policy and no preconnect to one', async () => {
      const web = join(t.config.dataDir, 'no-web-build');
      await mkdir(web, { recursive: true });
      await writeFile(
        join(web, 'index.html'),
        '<!doctype html><head><title>Karta</title></head><div id="root"><!-- first-view --><!-- /first-view --></div>',
      );
      // TILE_URL still names a raster server: with BASEMAP=pmtiles nothing of it reaches the page.
      const config: Config = {
        ...t.config,
        map: { ...t.config.map, tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png' },
      };
      const withWeb = await startInstance(t, { config });
      try {
        const page = await withWeb.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('class="kfv-header"');
        expect(page.body).not.toContain('<img');
        for (const header of ['content-security-policy', 'link']) {
          expect(String(page.headers[header]), header).not.toContain('tiles.example.org');
        }
        expect(String(page.headers['content-security-policy'])).toContain("connect-src 'self'");
      } finally {
        await withWeb.close();
        await rm(web, { recursive: true, force: true });
      }
    });

    it('limits how fast one client asks, apart from the API', async () => {
      const config: Config = { ...t.config, readRateLimitScale: 0.001 };
      const limited = await startInstance(t, { config });
      try {
        // 2000 × 0.001: a burst of 2.
        const answers = [];
        for (let i = 0; i < 3; i++)
          answers.push((await limited.app.inject({ method: 'GET', url: cityUrl })).statusCode);
        expect(answers).toEqual([200, 200, 429]);
        expect((await limited.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
      } finally {
        await limited.close();
      }
    });

    it('is not there with BASEMAP=raster', async () => {
      const raster = await startInstance(t, { config: { ...t.config, basemap: { kind: 'raster' } } });
      try {
        const response = await raster.app.inject({ method: 'GET', url: cityUrl });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
      } finally {
        await raster.close();
      }
    });

    describe('from an archive in an S3 bucket (BASEMAP_PMTILES=s3:<key>)', () => {
      let s3: S3StandIn;
      beforeAll(async () => {
        s3 = await startS3StandIn('karta-maps');
        const client = new S3Client({
          endpoint: s3.settings.endpoint,
          region: s3.settings.region,
          forcePathStyle: true,
          credentials: { accessKeyId: s3.settings.accessKeyId, secretAccessKey: s3.settings.secretAccessKey },
        });
        await client.send(
          new PutObjectCommand({ Bucket: 'karta-maps', Key: 'maps/zagreb.pmtiles', Body: zagrebBasemap() }),
        );
        client.destroy();
      });
      afterAll(() => s3?.close());

      it("sends the bucket's tiles as they are stored, and 204 where it has none", async () => {
        const config: Config = {
          ...t.config,
          basemap: { kind: 'pmtiles', archive: { kind: 's3', key: 'maps/zagreb.pmtiles', s3: s3.settings } },
        };
        const fromS3 = await startInstance(t, { config });
        try {
          const response = await fromS3.app.inject({
            method: 'GET',
            url: cityUrl,
            headers: { 'accept-encoding': 'gzip' },
          });
          expect(response.statusCode).toBe(200);
          expect(response.headers['content-encoding']).toBe('gzip');
          expect(new Uint8Array(gunzipSync(response.rawPayload))).toEqual(cityTile);
          const fromFile = await get(cityUrl, { 'accept-encoding': 'gzip' });
          expect(response.headers.etag).toBe(fromFile.headers.etag);
          expect((await fromS3.app.inject({ method: 'GET', url: '/tiles/12/0/0.mvt' })).statusCode).toBe(204);
        } finally {
          await fromS3.close();
        }
      });
    });

    it('does not start on an archive it cannot open, and says which', async () => {
      const missing = join(folder, 'missing.pmtiles');
      const failure = await startServerProcess({
        DATA_DIR: join(folder, 'data'),
        DEMO_DATA: 'false',
        BASEMAP: 'pmtiles',
        BASEMAP_PMTILES: missing,
      }).then(
        async (server) => {
          await server.stop();
          return 'started';
        },
        (error: Error) => error.message,
      );
      expect(failure).toContain(`The base map archive ${missing} cannot be opened: ENOENT`);
      // A line for the operator, not a stack trace.
      expect(failure).not.toMatch(/\n\s+at /);
    });
  },
);
