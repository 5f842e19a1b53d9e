import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Extra } from '@karta/contracts';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './support/auth.ts';
import {
  createCategory,
  EVERY_TYPE_FIELDS,
  retireOption,
  setExtra,
  setFields,
} from './support/every-field-type.ts';
import { exportFrom, type Format, importInto, type User } from './support/import-files.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

/** Whether a GDAL tool runs (.ci/run installs gdal-bin); a loud notice when it does not. */
function gdalTool(name: 'ogr2ogr' | 'ogrinfo'): boolean {
  try {
    execFileSync(name, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    console.warn(`${name} (gdal-bin) is not installed: the GDAL checks that use it are skipped`);
    return false;
  }
}

/** GDAL's ogr2ogr, as the external findings used it, and ogrinfo, which says how GDAL reads a file. */
const ogr2ogr = gdalTool('ogr2ogr');
const ogrinfo = gdalTool('ogrinfo');

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

/** Every place's exact position, texts and values (shown and hidden), to compare before and after a round trip. */
async function snapshot(t: TestApp) {
  const { rows } = await t.database.query<Record<string, unknown>>(
    'SELECT id, lat, lng, name, description, address, extra, hidden_extra, version FROM places ORDER BY id',
  );
  return rows;
}

/**
 * Values of every field type, the awkward ones included: an option retired since the place chose
 * it, a decimal JavaScript writes with 17 digits, a text a spreadsheet would run, a line break
 * and a comma, several options; and a place with no values. The first also keeps a hidden value.
 */
const VALUES: Extra[] = [
  {
    access: 'old',
    indoor: false,
    level: -5,
    weight: 0.1 + 0.2,
    languages: ['hr', 'uk'],
    checked_on: '2026-02-28',
    note: '=not a formula',
    directions: 'Ulaz iz dvorišta,\ndrugi kat',
    manual: 'https://example.org/manual?lang=hr',
    hotline: '+385 1 234 5678',
  },
  { access: 'yes', indoor: true, level: 0, weight: 12, languages: ['en'], note: "'quoted" },
  {},
];

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
    const everyType = await createCategory(t, moderator, 'every-type', EVERY_TYPE_FIELDS);
    for (const [index, extra] of VALUES.entries()) {
      const id = await insertPlace(t.database, {
        status: 'published',
        authorId: null,
        categoryId: everyType,
        name: { hr: `Sve vrste ${index}` },
        lat: 45.7 + index / 100,
        lng: 16.05,
      });
      await setExtra(t.database, id, extra, index === 0 ? { removed_field: 'still hidden' } : {});
    }
    // Retired once a place had it: the place keeps it, and its files bring it back.
    await setFields(t, moderator, everyType, retireOption(EVERY_TYPE_FIELDS));
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
    // The coordinates only: a value of a number field is written as JavaScript writes it (x_weight).
    const rows = parse(await exportFrom(t, 'csv'), { bom: true, columns: true }) as Record<string, string>[];
    const longCsv = rows
      .flatMap((row) => [row.lat, row.lng])
      .filter((value) => !/^-?\d+(\.\d{1,7})?$/.test(String(value)));
    expect(longCsv).toEqual([]);
  });

  it('writes every type of value as documented: CSV text, GeoJSON the API’s values', async () => {
    const csv = parse(await exportFrom(t, 'csv', '?category=every-type'), {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    expect(csv.map((row) => [row.x_access, row.x_indoor, row.x_weight, row.x_languages, row.x_note])).toEqual(
      [
        ['old', 'false', '0.30000000000000004', 'hr;uk', "'=not a formula"],
        ['yes', 'true', '12', 'en', "''quoted"],
        ['', '', '', '', ''],
      ],
    );
    expect(csv[0]?.x_directions).toBe('Ulaz iz dvorišta,\ndrugi kat');
    const geojson = JSON.parse(await exportFrom(t, 'geojson', '?category=every-type')) as {
      features: { properties: { extra: unknown } }[];
    };
    expect(geojson.features.map((feature) => feature.properties.extra)).toEqual(VALUES);
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

  it.skipIf(!ogrinfo)(
    'is read by GDAL: the CSV’s x_ columns with their types, the GeoJSON’s extra object',
    async () => {
      // A demo defibrillator with all three of its values, and a food bank with several languages.
      const { rows } = await t.database.query<{ id: number; external_id: string | null; extra: Extra }>(
        `(SELECT p.id, p.external_id, p.extra FROM places p JOIN categories c ON c.id = p.category_id
          WHERE c.slug = 'defibrillator' AND p.status = 'published' AND p.extra ?& array['access', 'indoor', 'level']
          ORDER BY p.id LIMIT 1)
         UNION ALL
         (SELECT p.id, p.external_id, p.extra FROM places p JOIN categories c ON c.id = p.category_id
          WHERE c.slug = 'food-bank' AND p.status = 'published' AND jsonb_array_length(p.extra -> 'languages') >= 2
          ORDER BY p.id LIMIT 1)`,
      );
      expect(rows).toHaveLength(2);
      const geojson = await exportFrom(t, 'geojson');
      const features = (JSON.parse(geojson) as { features: { properties: { externalId: string } }[] })
        .features;
      // Its own external id, else the link the export gives it.
      const externalIdOf = (row: { id: number; external_id: string | null }) =>
        row.external_id ??
        features.find((feature) => feature.properties.externalId.endsWith(`/places/${row.id}`))?.properties
          .externalId ??
        '';
      const dir = mkdtempSync(join(tmpdir(), 'karta-ogrinfo-'));
      try {
        writeFileSync(join(dir, 'places.csv'), await exportFrom(t, 'csv'));
        writeFileSync(join(dir, 'places.geojson'), geojson);
        const info = (file: string, externalId: string, options: string[] = []) =>
          execFileSync(
            'ogrinfo',
            ['-ro', '-al', ...options, '-where', `externalId = '${externalId}'`, join(dir, file)],
            { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
          );
        // The whole file's types, as GDAL guesses them from every cell.
        const csvOptions = ['-oo', 'AUTODETECT_TYPE=YES', '-oo', 'AUTODETECT_SIZE_LIMIT=0'];
        for (const row of rows) {
          const { extra } = row;
          const externalId = externalIdOf(row);
          expect(externalId).not.toBe('');
          const csv = info('places.csv', externalId, csvOptions);
          expect(csv).toContain('x_indoor: Integer(Boolean)');
          expect(csv).toContain('x_level: Integer');
          expect(csv).toContain('x_languages: String');
          if (extra.access !== undefined) {
            expect(csv).toContain(`x_access (String) = ${extra.access}`);
            expect(csv).toContain(`x_indoor (Integer(Boolean)) = ${extra.indoor ? 1 : 0}`);
            expect(csv).toContain(`x_level (Integer) = ${extra.level}`);
          } else {
            expect(csv).toContain(`x_languages (String) = ${(extra.languages as string[]).join(';')}`);
          }
          const geo = info('places.geojson', externalId);
          expect(geo).toContain('extra: String(JSON)');
          const line = /extra \(String\(JSON\)\) = (.*)$/m.exec(geo)?.[1];
          expect(JSON.parse(line ?? 'null')).toEqual(extra);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

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
