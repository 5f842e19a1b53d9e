import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './support/auth.ts';
import { exportFrom, type Format, importInto, type User } from './support/import-files.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

/** GDAL's ogr2ogr, as the external findings used it (.ci/run installs gdal-bin). */
const ogr2ogr = (() => {
  try {
    execFileSync('ogr2ogr', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    console.warn('ogr2ogr (gdal-bin) is not installed: the GDAL round trips are skipped');
    return false;
  }
})();

/** `file` rewritten by GDAL into the same format, as a tool in between would. */
function throughGdal(file: string, format: Format): string {
  const dir = mkdtempSync(join(tmpdir(), 'karta-gdal-'));
  try {
    const extension = format === 'csv' ? 'csv' : 'geojson';
    writeFileSync(join(dir, `in.${extension}`), file);
    const driver = format === 'csv' ? 'CSV' : 'GeoJSON';
    execFileSync('ogr2ogr', ['-f', driver, join(dir, `out.${extension}`), join(dir, `in.${extension}`)]);
    return readFileSync(join(dir, `out.${extension}`), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every place's exact position and texts, to compare before and after a round trip. */
async function snapshot(t: TestApp) {
  const { rows } = await t.database.query<Record<string, unknown>>(
    'SELECT id, lat, lng, name, description, address, version FROM places ORDER BY id',
  );
  return rows;
}

/** Texts a spreadsheet would run as a formula, text that itself starts with the guard, line breaks. */
const TRICKY = [
  { name: "'=already guarded", description: 'one\ntwo' },
  { name: '+plus', description: "''two quotes" },
  { name: "'+x", description: '=SUM(A1)\nsecond line' },
  { name: "'plain quote", description: '@at' },
];

describe.skipIf(!databaseAvailable)(`files survive round trips (${dbKind})`, () => {
  let t: TestApp;
  let moderator: User;

  beforeAll(async () => {
    t = await startTestApp();
    moderator = await signedInUser(t.app, 'moderator');
    for (const [index, row] of TRICKY.entries()) {
      await insertPlace(t.database, {
        status: 'published',
        authorId: null,
        name: { hr: row.name },
        description: { hr: row.description },
        lat: 45.9 + index / 100,
        lng: 16.1,
      });
    }
    // Its 100 m grid centre is 45.804500000000004 in floating point: the noise GDAL rounds away.
    await insertPlace(t.database, {
      status: 'published',
      authorId: null,
      lat: 45.8041234,
      lng: 15.9771234,
      privacy: '100m',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads the formula guard and line breaks the same from CSV and GeoJSON', async () => {
    const texts = [
      ["'=x", '=x'],
      ["''=x", "'=x"],
      ["'plain", "'plain"],
      ['a\r\nb\rc', 'a\nb\nc'],
    ];
    const csv = `externalId,category,name_hr,description_hr,lat,lng\r\n${texts
      .map(([file], index) => `csv-${index},pharmacy,Guard ${index},"${file}",45.95,16.2`)
      .join('\r\n')}\r\n`;
    const features = texts.map(([file], index) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [16.2, 45.95] },
      properties: {
        externalId: `geo-${index}`,
        category: 'pharmacy',
        name_hr: `Guard ${index}`,
        description_hr: file,
      },
    }));
    const geojson = JSON.stringify({ type: 'FeatureCollection', features });
    for (const [format, file] of [
      ['csv', csv],
      ['geojson', geojson],
    ] as const) {
      const response = await importInto(t, moderator, format, file, { dryRun: false });
      expect(response.json(), format).toMatchObject({ created: texts.length, refused: [] });
      const { rows } = await t.database.query<{ description: { hr: string } }>(
        'SELECT description FROM places WHERE external_id LIKE $1 ORDER BY external_id',
        [`${format === 'csv' ? 'csv' : 'geo'}-%`],
      );
      expect(
        rows.map((row) => row.description.hr),
        format,
      ).toEqual(texts.map(([, stored]) => stored));
    }
  });

  it('writes every coordinate with at most 7 decimals: no float noise of a grid centre', async () => {
    const coarse = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM places WHERE status = 'published' AND location_privacy <> 'exact'`,
    );
    expect(coarse.rows[0]?.n).toBeGreaterThan(0);
    const geojson = JSON.parse(await exportFrom(t, 'geojson')) as {
      features: { geometry: { coordinates: number[] } }[];
    };
    const long = geojson.features
      .flatMap((feature) => feature.geometry.coordinates)
      .filter((value) => !/^-?\d+(\.\d{1,7})?$/.test(String(value)));
    expect(long).toEqual([]);
    const csv = await exportFrom(t, 'csv');
    expect(csv).not.toMatch(/,-?\d+\.\d{8,},/);
  });

  for (const format of ['geojson', 'csv'] as const) {
    it(`re-imports its own ${format} export as unchanged, exact positions and texts kept`, async () => {
      const before = await snapshot(t);
      const response = await importInto(t, moderator, format, await exportFrom(t, format), { dryRun: false });
      expect(response.json()).toMatchObject({ created: 0, updated: 0, refused: [] });
      expect(await snapshot(t)).toEqual(before);
    });

    it.skipIf(!ogr2ogr)(
      `re-imports its ${format} export after GDAL rewrote it, changing nothing`,
      async () => {
        const before = await snapshot(t);
        const file = throughGdal(await exportFrom(t, format), format);
        const dry = (await importInto(t, moderator, format, file)).json();
        expect(dry.rows.filter((row: { action: string }) => row.action !== 'unchanged')).toEqual([]);
        const response = await importInto(t, moderator, format, file, { dryRun: false });
        expect(response.json()).toMatchObject({ created: 0, updated: 0, refused: [] });
        expect(await snapshot(t)).toEqual(before);
      },
    );
  }

  it('keeps the exact position when a coarse place comes back at its public point, whatever its noise', async () => {
    const { rows } = await t.database.query<Record<string, unknown>>(
      `SELECT p.id, p.external_id, p.lat, p.lng, p.public_lat, p.public_lng, p.location_privacy FROM places p
       WHERE p.status = 'published' AND p.location_privacy <> 'exact' ORDER BY id LIMIT 1`,
    );
    const place = rows[0] as {
      id: number;
      external_id: string | null;
      lat: number;
      lng: number;
      public_lat: number;
      public_lng: number;
    };
    const exported = JSON.parse(await exportFrom(t, 'geojson')) as {
      features: { geometry: { coordinates: number[] }; properties: Record<string, unknown> }[];
    };
    const feature = exported.features.find((item) =>
      place.external_id === null
        ? String(item.properties.externalId).endsWith(`/places/${place.id}`)
        : item.properties.externalId === place.external_id,
    );
    if (!feature) throw new Error('the coarse place is not in the export');
    // As a tool that writes 6 decimals, or adds float noise, would give it back.
    for (const [lng, lat] of [
      [Number(place.public_lng.toFixed(6)), Number(place.public_lat.toFixed(6))],
      [place.public_lng + 3e-15, place.public_lat - 3e-15],
    ]) {
      feature.geometry.coordinates = [lng as number, lat as number];
      const collection = JSON.stringify({ type: 'FeatureCollection', features: [feature] });
      const response = await importInto(t, moderator, 'geojson', collection, { dryRun: false });
      expect(response.json()).toMatchObject({ unchanged: 1, updated: 0 });
    }
    const after = await t.database.query('SELECT lat, lng FROM places WHERE id = $1', [place.id]);
    expect(after.rows[0]).toEqual({ lat: place.lat, lng: place.lng });
  });
});
