import { buildOpenApiDocument, ErrorBody } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_LIMITS } from '../src/http/read-limits.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

/** The real figures, a twentieth of them: the map's burst of 200 becomes 10, its 50 a second 2.5. */
const SCALE = 0.05;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

const URLS = {
  map: '/api/v1/map?bbox=15.9,45.75,16.1,45.85&zoom=12',
  listPlaces: '/api/v1/places?bbox=15.9,45.75,16.1,45.85',
  suggestPlaces: '/api/v1/places/suggestions?q=ljek',
  similarPlaces: '/api/v1/places/similar?name=Ljekarna&near=45.81,15.98',
  offlinePack: '/api/v1/offline-pack?bbox=15.9,45.75,16.1,45.85',
  tilesSize: '/api/v1/tiles/size?bbox=15.9,45.75,16.1,45.85',
  geocode: '/api/v1/geocode?q=Samobor',
  reverseGeocode: '/api/v1/geocode/reverse?lat=45.8&lng=15.71',
} as const;
/** How long the recovery step waits: a token comes back within it to every read at least this quick. */
const WAIT_MS = 4100;

describe.skipIf(!databaseAvailable)(`rate limits of the expensive reads (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ demo: false, env: { READ_RATE_LIMIT_SCALE: String(SCALE) } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, ip = '198.51.100.7') => t.app.inject({ method: 'GET', url, remoteAddress: ip });
  /** Whether the request got past the limit (what the handler then answers is other tests' business). */
  const passed = async (url: string, ip: string) => (await get(url, ip)).statusCode !== 429;

  it('answers every limited read until its burst is used, then 429 with Retry-After, then recovers', async () => {
    for (const [name, url] of Object.entries(URLS) as [keyof typeof URLS, string][]) {
      const burst = Math.max(1, READ_LIMITS[name].burst * SCALE);
      for (let i = 0; i < Math.floor(burst); i++) {
        expect(await passed(url, '198.51.100.7'), `${name} #${i}`).toBe(true);
      }
      const refused = await get(url, '198.51.100.7');
      expect(refused.statusCode, name).toBe(429);
      const body = ErrorBody.parse(refused.json());
      expect(body.error.code).toBe('rate_limited');
      const wait = Number(refused.headers['retry-after']);
      expect(wait, name).toBeGreaterThanOrEqual(1);
      // Another client is not affected.
      expect(await passed(url, '203.0.113.9'), name).toBe(true);
    }
    // After the wait each read that gets a token back within it has one again (similar places, at
    // 0.25 a second, the slowest of those); offline packs, 30 a minute at full scale, take 40 s here.
    await sleep(WAIT_MS);
    const refilled = Object.entries(URLS).filter(
      ([name]) => READ_LIMITS[name as keyof typeof URLS].perSecond * SCALE * (WAIT_MS / 1000) >= 1,
    );
    expect(refilled.map(([name]) => name)).toContain('similarPlaces');
    for (const [name, url] of refilled) expect(await passed(url, '198.51.100.7'), name).toBe(true);
  });

  it('counts an IPv6 client by its /64 network', async () => {
    const url = URLS.similarPlaces;
    expect(await passed(url, '2001:db8:1:2::1')).toBe(true);
    expect(await passed(url, '2001:db8:1:2::ffff')).toBe(false);
    expect(await passed(url, '2001:db8:1:3::1')).toBe(true);
  });

  it('leaves cheap reads alone', async () => {
    for (let i = 0; i < 30; i++) expect((await get('/api/v1/categories', '192.0.2.50')).statusCode).toBe(200);
  });

  it('documents 429 on every limited read in the OpenAPI document', () => {
    const document = buildOpenApiDocument({ version: 'test' }) as {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
    };
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    for (const name of Object.keys(READ_LIMITS)) {
      const operation = operations.find((candidate) => candidate.operationId === name);
      expect(operation?.responses, name).toHaveProperty('429');
    }
  });
});
