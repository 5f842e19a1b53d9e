import { ErrorBody, ImportGeocodingRun, ImportReport } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config/env.ts';
import { geocoderEnv } from '../src/config/geocoder.ts';
import { SERVER_VERSION } from '../src/config/paths.ts';
import { nextAddress, signedInUser } from './support/auth.ts';
import { type GeocoderStandIn, startNominatimStandIn } from './support/geocoder-stand-ins.ts';
import { importInto, type User } from './support/import-files.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startInstance, startTestApp, type TestApp } from './support/test-app.ts';

const HEADER = 'externalId,category,name_hr,address';
const csvOf = (rows: readonly string[]) => `${[HEADER, ...rows].join('\r\n')}\r\n`;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe.skipIf(!databaseAvailable)(`importing rows placed by their address (${dbKind})`, () => {
  let t: TestApp;
  let moderator: User;
  let nominatim: GeocoderStandIn;
  const closers: (() => Promise<void>)[] = [];

  const placeOf = async (externalId: string) =>
    (
      await t.database.query<{ lat: number; lng: number; address: string }>(
        'SELECT lat, lng, address FROM places WHERE external_id = $1',
        [externalId],
      )
    ).rows[0];

  beforeAll(async () => {
    // The look-ups run on the instance with the remote geocoder (below), not on this one.
    t = await startTestApp({ demo: false, jobs: { run: false } });
    nominatim = await startNominatimStandIn();
    await t.database.query(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('shelter', '{"en": "Shelter"}', '#6d28d9', 'house')`,
    );
    moderator = await signedInUser(t.app, 'moderator');
    await insertPlace(t.database, {
      status: 'published',
      authorId: null,
      name: 'Prihvatilište',
      lat: 45.81455,
      lng: 15.98412,
      address: 'Vlaška 70, 10000 Zagreb',
    });
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await nominatim?.close();
    await t?.close();
  });

  describe('with the built-in geocoder', () => {
    it('places each row by its address, skips and names the rows not found, and never uses a default point', async () => {
      const csv = csvOf([
        'addr-1,shelter,Sklonište Vlaška,"Vlaška 70, 10000 Zagreb"',
        'addr-2,shelter,Sklonište Samobor,Samobor',
        'addr-3,shelter,Nigdje,"Izmišljena ulica 99, Nigdjegrad"',
      ]);
      const dry = await importInto(t, moderator, 'csv', csv);
      expect(dry.statusCode, dry.body).toBe(200);
      const planned = ImportReport.parse(dry.json());
      expect(planned.created).toBe(2);
      expect(planned.refused).toEqual([]);
      expect(planned.geocoding).toEqual({
        rows: [
          { row: 1, result: 'exact', label: 'Vlaška 70, 10000 Zagreb' },
          { row: 2, result: 'approximate', label: expect.stringContaining('Samobor') },
          { row: 3, result: 'not_found', label: null },
        ],
        upstreamCalls: 0,
        minimumSeconds: 0,
        runId: null,
      });
      expect(await placeOf('addr-1')).toBeUndefined();

      const real = await importInto(t, moderator, 'csv', csv, { dryRun: false });
      expect(real.statusCode, real.body).toBe(200);
      const done = ImportReport.parse(real.json());
      expect(done.created).toBe(2);
      expect(done.geocoding?.rows.find((row) => row.row === 3)?.result).toBe('not_found');
      expect(await placeOf('addr-1')).toMatchObject({ lat: 45.81455, lng: 15.98412 });
      const samobor = await placeOf('addr-2');
      expect(samobor?.lat).toBeCloseTo(45.8, 1);
      expect(samobor?.lng).toBeCloseTo(15.71, 1);
      // The row not found is nowhere: not at the map's centre, not anywhere.
      expect(await placeOf('addr-3')).toBeUndefined();
    });

    it('reads GeoJSON features with an address and no geometry', async () => {
      const geojson = JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: null,
            properties: {
              externalId: 'geo-1',
              category: 'shelter',
              name_hr: 'Velika Gorica',
              address: 'Velika Gorica',
            },
          },
        ],
      });
      const real = await importInto(t, moderator, 'geojson', geojson, { dryRun: false });
      expect(real.statusCode, real.body).toBe(200);
      expect(ImportReport.parse(real.json()).geocoding?.rows).toEqual([
        { row: 1, result: 'approximate', label: expect.stringContaining('Velika Gorica') },
      ]);
      expect((await placeOf('geo-1'))?.lat).toBeCloseTo(45.71, 1);
    });

    it('still refuses a row with neither a position nor an address', async () => {
      const csv = 'externalId,category,name_hr,lat,lng,address\r\nnone-1,shelter,Bez mjesta,,,\r\n';
      const response = await importInto(t, moderator, 'csv', csv);
      expect(response.statusCode).toBe(200);
      const report = ImportReport.parse(response.json());
      expect(report.refused[0]?.row).toBe(1);
      expect(report.refused[0]?.errors.map((error) => error.path)).toContain('lat');
      expect(report.geocoding).toBeUndefined();
    });

    it('imports a 2 000-row address list with every unplaceable row named', async () => {
      const towns = [
        'Samobor',
        'Velika Gorica',
        'Zaprešić',
        'Sesvete',
        'Karlovac',
        'Sisak',
        'Varaždin',
        'Split',
      ];
      const rows = Array.from({ length: 2_000 }, (_, i) =>
        i % 10 === 9
          ? `bulk-${i},shelter,Mjesto ${i},"Nepoznata ${i % 50}, Izmišljeno"`
          : `bulk-${i},shelter,Mjesto ${i},${towns[i % towns.length]}`,
      );
      const response = await importInto(t, moderator, 'csv', csvOf(rows), { dryRun: false });
      expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
      const report = ImportReport.parse(response.json());
      const missing = report.geocoding?.rows
        .filter((row) => row.result === 'not_found')
        .map((row) => row.row);
      expect(missing).toEqual(Array.from({ length: 200 }, (_, k) => k * 10 + 10));
      expect(report.created).toBe(1_800);
      const { rows: stored } = await t.database.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM places WHERE external_id LIKE 'bulk-%'`,
      );
      expect(stored[0]?.count).toBe(1_800);
    });
  });

  describe('with a remote geocoder', () => {
    let app: TestApp['app'];
    beforeAll(async () => {
      const geocoder = geocoderEnv('https://karta.example.org', SERVER_VERSION).parse({
        GEOCODER: 'nominatim',
        GEOCODER_URL: nominatim.url,
      }).geocoder;
      const config: Config = { ...t.config, geocoder };
      const instance = await startInstance(t, { config });
      closers.push(instance.close);
      app = instance.app;
    });
    const on = () => ({ ...t, app });
    const runOf = async (id: number) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/import/geocoding/${id}`,
        remoteAddress: nextAddress(),
        headers: moderator.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return ImportGeocodingRun.parse(response.json());
    };

    it('says in a dry run what it will ask and what that costs, looks it up in the background, then imports without asking again', async () => {
      const csv = csvOf([
        'remote-1,shelter,Kod Ilice,"Ilica 1, Zagreb"',
        'remote-2,shelter,Na Trgu,Trg bana',
        'remote-3,shelter,Isto,"ILICA 1, ZAGREB"',
        'remote-4,shelter,Nigdje,"Nema 1, Nigdje"',
      ]);
      const before = nominatim.requests.length;
      const dry = ImportReport.parse((await importInto(on(), moderator, 'csv', csv)).json());
      // Three addresses (one written twice), none answered before.
      expect(dry.geocoding).toMatchObject({ upstreamCalls: 3, minimumSeconds: 0 });
      expect(dry.geocoding?.rows.map((row) => row.result)).toEqual([
        'to_geocode',
        'to_geocode',
        'to_geocode',
        'to_geocode',
      ]);
      const runId = dry.geocoding?.runId ?? 0;
      expect(runId).toBeGreaterThan(0);

      let run = await runOf(runId);
      for (let i = 0; i < 50 && run.state === 'running'; i++) {
        await sleep(100);
        run = await runOf(runId);
      }
      expect(run).toMatchObject({ state: 'done', total: 3, done: 3, notFound: 1 });
      expect(nominatim.requests.length - before).toBe(3);

      const again = ImportReport.parse((await importInto(on(), moderator, 'csv', csv)).json());
      expect(again.geocoding).toMatchObject({ upstreamCalls: 0, runId: null });
      expect(again.geocoding?.rows.map((row) => row.result)).toEqual([
        'exact',
        'approximate',
        'exact',
        'not_found',
      ]);

      const real = await importInto(on(), moderator, 'csv', csv, { dryRun: false });
      expect(real.statusCode, real.body).toBe(200);
      expect(ImportReport.parse(real.json()).created).toBe(3);
      expect(nominatim.requests.length - before).toBe(3);
      expect(await placeOf('remote-1')).toMatchObject({ lat: 45.8132246, lng: 15.9756382 });
    });

    it('answers a real run with many unknown addresses 409 geocoding_in_progress, writing nothing', async () => {
      const csv = csvOf(
        Array.from({ length: 25 }, (_, i) => `many-${i},shelter,Mjesto ${i},"Ulica ${i}, Zagreb"`),
      );
      const response = await importInto(on(), moderator, 'csv', csv, { dryRun: false });
      expect(response.statusCode).toBe(409);
      const body = ErrorBody.parse(response.json());
      expect(body.error.code).toBe('geocoding_in_progress');
      expect(body.error.details).toMatchObject({ upstreamCalls: 25, runId: expect.any(Number) });
      expect(await placeOf('many-0')).toBeUndefined();
    });

    it('shows a moderator only their own look-ups', async () => {
      const other = await signedInUser(t.app, 'moderator');
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/import/geocoding/1',
        remoteAddress: nextAddress(),
        headers: other.headers,
      });
      expect(response.statusCode).toBe(404);
    });
  });
});
