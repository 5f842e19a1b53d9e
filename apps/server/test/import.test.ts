import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './support/auth.ts';
import { exportFrom, importInto, type User } from './support/import-files.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

const HEADER =
  'externalId,category,name_hr,name_en,description_hr,lat,lng,radius,locationPrivacy,address,phone';

async function counts(t: TestApp) {
  const { rows } = await t.database.query<{ places: number; history: number; versions: number }>(
    `SELECT (SELECT count(*)::int FROM places) AS places, (SELECT count(*)::int FROM place_history) AS history,
       (SELECT coalesce(sum(version), 0)::int FROM places) AS versions`,
  );
  return rows[0];
}

const placeByExternalId = async (t: TestApp, externalId: string) =>
  (
    await t.database.query<Record<string, unknown>>(
      `SELECT p.*, c.slug AS category FROM places p JOIN categories c ON c.id = p.category_id WHERE external_id = $1`,
      [externalId],
    )
  ).rows[0];

describe.skipIf(!databaseAvailable)(`import of GeoJSON and CSV (${dbKind})`, () => {
  let t: TestApp;
  let moderator: User;

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    await t.database.query(
      `INSERT INTO categories (slug, name, color, icon) VALUES
         ('pharmacy', '{"en": "Pharmacy"}', '#15803d', 'pill'), ('shelter', '{"en": "Shelter"}', '#6d28d9', 'house')`,
    );
    moderator = await signedInUser(t.app, 'moderator');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is for moderators and admins only', async () => {
    const csv = `${HEADER}\r\nroles-1,pharmacy,Ljekarna,,,45.8,16,,,,\r\n`;
    expect((await importInto(t, null, 'csv', csv)).statusCode).toBe(401);
    const contributor = await signedInUser(t.app);
    expect((await importInto(t, contributor, 'csv', csv)).statusCode).toBe(403);
    const admin = await signedInUser(t.app, 'admin');
    expect((await importInto(t, admin, 'csv', csv)).statusCode).toBe(200);
  });

  it('takes only the format’s own content type (415)', async () => {
    for (const [format, type] of [
      ['csv', 'application/json'],
      ['csv', 'text/plain'],
      ['csv', 'application/geo+json'],
      ['geojson', 'text/csv'],
    ] as const) {
      const response = await importInto(t, moderator, format, 'x', { type });
      expect(response.statusCode, `${format} as ${type}`).toBe(415);
      expect(response.json().error.code).toBe('unsupported_media_type');
    }
  });

  it('reports a dry run row by row and writes nothing', async () => {
    const before = await counts(t);
    const csv = [
      HEADER,
      'dry-1,pharmacy,Ljekarna Jedan,Pharmacy One,,45.81,15.98,,,,',
      'dry-2,shelter,Sklonište,,,45.82,15.99,500,100m,,',
      'dry-3,bakery,Pekara,,,95,15.99,,,,',
      'dry-4,pharmacy,,,,45.8,16,,,,not a phone',
    ].join('\r\n');
    const response = await importInto(t, moderator, 'csv', csv, { dryRun: true });
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    // Row by row: what each accepted row would do (refused rows are in `refused`).
    expect(report.rows).toEqual([
      { row: 1, externalId: 'dry-1', action: 'create' },
      { row: 2, externalId: 'dry-2', action: 'create' },
    ]);
    expect(report.refused).toHaveLength(2);
    expect(report.refused[0].row).toBe(3);
    expect(report.refused[0].errors.map((issue: { path: string }) => issue.path).sort()).toEqual(['lat']);
    expect(report.refused[1].row).toBe(4);
    expect(report.refused[1].errors.map((issue: { path: string }) => issue.path).sort()).toEqual([
      'name',
      'phone',
    ]);
    expect(await counts(t)).toEqual(before);
    // The default is a dry run too: nothing is written unless asked for.
    const implicit = await importInto(
      t,
      moderator,
      'csv',
      `${HEADER}\r\ndry-5,pharmacy,Ljekarna,,,45.8,16,,,,`,
    );
    expect(implicit.json()).toMatchObject({ created: 1 });
    expect(await counts(t)).toEqual(before);
  });

  it('names an unknown category and a repeated externalId in the report', async () => {
    const csv = [
      HEADER,
      'dup-1,pharmacy,Ljekarna,,,45.8,16,,,,',
      'dup-1,pharmacy,Ljekarna opet,,,45.8,16,,,,',
      'dup-2,bakery,Pekara,,,45.8,16,,,,',
    ].join('\r\n');
    const report = (await importInto(t, moderator, 'csv', csv)).json();
    expect(report.refused).toEqual([
      { row: 2, errors: [{ path: 'externalId', message: 'Row 1 has the same externalId' }] },
      { row: 3, errors: [{ path: 'category', message: 'There is no category "bakery"' }] },
    ]);
  });

  it('refuses the whole real run when one row is broken, and writes nothing', async () => {
    const before = await counts(t);
    const rows = Array.from(
      { length: 2500 },
      (_, i) => `bulk-${i},pharmacy,Ljekarna ${i},,,45.8,16.${i},,,,`,
    );
    rows[2400] = 'bulk-broken,pharmacy,Ljekarna,,,45.8,999,,,,';
    const response = await importInto(t, moderator, 'csv', [HEADER, ...rows].join('\r\n'), { dryRun: false });
    expect(response.statusCode).toBe(422);
    const error = response.json().error;
    expect(error.code).toBe('import_refused');
    expect(error.message).toBe('1 row was refused, so nothing was imported');
    expect(error.details).toMatchObject({ created: 2499, updated: 0, unchanged: 0 });
    expect(error.details.refused).toEqual([
      { row: 2401, errors: [expect.objectContaining({ path: 'lng' })] },
    ]);
    // Every accepted row in file order across the batches, the refused one left out.
    const numbers = error.details.rows.map((entry: { row: number }) => entry.row);
    expect(numbers).toEqual(Array.from({ length: 2500 }, (_, i) => i + 1).filter((row) => row !== 2401));
    expect(error.details.rows[2400]).toEqual({ row: 2402, externalId: 'bulk-2401', action: 'create' });
    // The first two batches were written inside the transaction, then rolled back with it.
    expect(await counts(t)).toEqual(before);
    expect(await placeByExternalId(t, 'bulk-0')).toBeUndefined();
  });

  it('creates with the chosen status, then re-imports the same file changing nothing', async () => {
    const csv = [
      HEADER,
      'same-1,pharmacy,Ljekarna Prva,First Pharmacy,Opis,45.811,15.971,,,Ilica 1,+385 1 111 1111',
      'same-2,shelter,Sklonište Drugo,,,45.812,15.972,250,1km,,',
    ].join('\r\n');
    const first = await importInto(t, moderator, 'csv', csv, { dryRun: false, status: 'published' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      created: 2,
      updated: 0,
      unchanged: 0,
      rows: [
        { row: 1, externalId: 'same-1', action: 'create' },
        { row: 2, externalId: 'same-2', action: 'create' },
      ],
      refused: [],
    });
    const place = await placeByExternalId(t, 'same-1');
    expect(place).toMatchObject({
      status: 'published',
      category: 'pharmacy',
      name: { hr: 'Ljekarna Prva', en: 'First Pharmacy' },
      description: { hr: 'Opis' },
      primary_language: 'hr',
      lat: 45.811,
      lng: 15.971,
      address: 'Ilica 1',
      phone: '+385 1 111 1111',
      author_id: moderator.id,
      version: 1,
    });
    expect(place?.published_at).toBeInstanceOf(Date);
    expect((await placeByExternalId(t, 'same-2'))?.location_privacy).toBe('1km');
    const history = await t.database.query<{ action: string; actor_id: number }>(
      'SELECT action, actor_id FROM place_history WHERE place_id = $1',
      [place?.id],
    );
    expect(history.rows).toEqual([{ action: 'created', actor_id: moderator.id }]);
    // The map follows through the change log, like any other write.
    const logged = await t.database.query('SELECT 1 FROM place_changes WHERE place_id = $1', [place?.id]);
    expect(logged.rows.length).toBeGreaterThan(0);

    const before = await counts(t);
    for (const dryRun of [true, false]) {
      const again = await importInto(t, moderator, 'csv', csv, { dryRun, status: 'published' });
      expect(again.json()).toEqual({
        created: 0,
        updated: 0,
        unchanged: 2,
        rows: [
          { row: 1, externalId: 'same-1', action: 'unchanged' },
          { row: 2, externalId: 'same-2', action: 'unchanged' },
        ],
        refused: [],
      });
    }
    expect(await counts(t)).toEqual(before);
  });

  it('updates a place matched by externalId like an edit: a version and a history entry', async () => {
    const row = (name: string) => `upd-1,pharmacy,${name},,,45.813,15.973,,,,`;
    await importInto(t, moderator, 'csv', `${HEADER}\r\n${row('Staro ime')}`, { dryRun: false });
    const created = await placeByExternalId(t, 'upd-1');
    expect(created?.status).toBe('pending');
    const dry = await importInto(t, moderator, 'csv', `${HEADER}\r\n${row('Novo ime')}`, { dryRun: true });
    const updateRow = { row: 1, externalId: 'upd-1', action: 'update', changed: ['name'] };
    expect(dry.json()).toEqual({ created: 0, updated: 1, unchanged: 0, rows: [updateRow], refused: [] });
    const real = await importInto(t, moderator, 'csv', `${HEADER}\r\n${row('Novo ime')}`, {
      dryRun: false,
      status: 'published',
    });
    expect(real.json()).toEqual({ created: 0, updated: 1, unchanged: 0, rows: [updateRow], refused: [] });
    const updated = await placeByExternalId(t, 'upd-1');
    // The import changes what the place says, not where it is in its life.
    expect(updated).toMatchObject({
      id: created?.id,
      name: { hr: 'Novo ime' },
      version: 2,
      status: 'pending',
    });
    const history = await t.database.query<{ action: string; version: number; changes: unknown }>(
      'SELECT action, version, changes FROM place_history WHERE place_id = $1 ORDER BY id',
      [created?.id],
    );
    expect(history.rows.map((entry) => entry.action)).toEqual(['created', 'edited']);
    expect(history.rows[1]).toEqual({
      action: 'edited',
      version: 2,
      changes: { name: { from: { hr: 'Staro ime' }, to: { hr: 'Novo ime' } } },
    });
  });

  it('reads CSV with quoted fields, commas, line breaks, Croatian letters and a byte order mark', async () => {
    const csv = `\uFEFF${HEADER}\r\n"quo-1",pharmacy,"Ljekarna ""Čačak"", Đurđevac",Žabica,"Prvi red\nDrugi red, ćup",45.814,15.974,,,"Šubićeva 1, Zagreb",\r\nquo-2,pharmacy,'=Ljekarna,,,45.815,15.975,,,,\r\n`;
    const response = await importInto(t, moderator, 'csv', csv, { dryRun: false });
    expect(response.json()).toMatchObject({ created: 2, updated: 0, unchanged: 0, refused: [] });
    expect(await placeByExternalId(t, 'quo-1')).toMatchObject({
      name: { hr: 'Ljekarna "Čačak", Đurđevac', en: 'Žabica' },
      description: { hr: 'Prvi red\nDrugi red, ćup' },
      address: 'Šubićeva 1, Zagreb',
    });
    // The ' that export puts before formula-like text is taken off again.
    expect((await placeByExternalId(t, 'quo-2'))?.name).toEqual({ hr: '=Ljekarna' });
  });

  it('answers 400 for a CSV header it does not know and for a broken file', async () => {
    const header = await importInto(t, moderator, 'csv', 'externalId,category,name_hr,lat,lng,adress\r\n');
    expect(header.statusCode).toBe(400);
    expect(header.json().error.details).toEqual([{ path: 'adress', message: 'Not a column Karta knows' }]);
    const quote = await importInto(t, moderator, 'csv', `${HEADER}\r\n"open,pharmacy`);
    expect(quote.statusCode).toBe(400);
    const json = await importInto(t, moderator, 'geojson', '{"type": "FeatureCollection", "features": [');
    expect(json.statusCode).toBe(400);
    const notCollection = await importInto(t, moderator, 'geojson', '{"type": "Feature"}');
    expect(notCollection.statusCode).toBe(400);
  });

  it('refuses a GeoJSON feature that is not a Point, row by row', async () => {
    const point = (id: string, lng: number, lat: number) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lng, lat] },
      properties: {
        externalId: id,
        category: 'shelter',
        name_en: `Shelter ${id}`,
        radius: 300,
        source: 'osm',
      },
    });
    const collection = {
      type: 'FeatureCollection',
      features: [
        point('geo-1', 15.976, 45.816),
        {
          type: 'Feature',
          geometry: {
            type: 'LineString',
            coordinates: [
              [15.9, 45.8],
              [16, 45.9],
            ],
          },
          properties: { externalId: 'geo-line', category: 'shelter', name_en: 'A line' },
        },
        point('geo-3', 215, 45.8),
      ],
    };
    const dry = await importInto(t, moderator, 'geojson', JSON.stringify(collection));
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
      rows: [{ row: 1, externalId: 'geo-1', action: 'create' }],
      refused: [
        { row: 2, errors: [{ path: 'geometry', message: 'Expected a Point, found LineString' }] },
        { row: 3, errors: [expect.objectContaining({ path: 'lng' })] },
      ],
    });
    collection.features.splice(1, 2);
    const real = await importInto(t, moderator, 'geojson', JSON.stringify(collection), { dryRun: false });
    expect(real.json()).toMatchObject({ created: 1 });
    expect(await placeByExternalId(t, 'geo-1')).toMatchObject({ lat: 45.816, lng: 15.976, radius: 300 });
  });

  it('allows 30 imports an hour per moderator, dry runs included', async () => {
    const busy = await signedInUser(t.app, 'moderator');
    const csv = `${HEADER}\r\nlimit-1,pharmacy,Ljekarna,,,45.8,16,,,,`;
    for (let i = 0; i < 30; i += 1) {
      expect((await importInto(t, busy, 'csv', csv)).statusCode).toBe(200);
    }
    const refused = await importInto(t, busy, 'csv', csv);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Counted per user, not per address: another moderator is not held back.
    expect((await importInto(t, moderator, 'csv', csv)).statusCode).toBe(200);
  });

  it('refuses a file over the limit with 413, naming the limit', async () => {
    const big = `${HEADER}\r\n${'x'.repeat(50 * 1024 * 1024)}`;
    const response = await importInto(t, moderator, 'csv', big);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatchObject({ code: 'payload_too_large' });
    expect(response.json().error.message).toContain('50 MB');
    // Every other write keeps the small limit.
    const proposal = await t.app.inject({
      method: 'POST',
      url: '/api/v1/places',
      payload: JSON.stringify({ name: { en: 'x'.repeat(2 * 1024 * 1024) } }),
      headers: { 'content-type': 'application/json', ...moderator.headers },
    });
    expect(proposal.statusCode).toBe(413);
  });
});

describe.skipIf(!databaseAvailable)(`export → import round trip (${dbKind})`, () => {
  let source: TestApp;
  let target: TestApp;
  let moderator: User;
  let targetModerator: User;

  beforeAll(async () => {
    source = await startTestApp();
    target = await startTestApp({ demo: false });
    // The same categories with the same fields, so the places' values have somewhere to go.
    const { rows } = await source.database.query<Record<string, unknown>>(
      'SELECT slug, name, color, icon, fields, filter_types FROM categories ORDER BY id',
    );
    for (const row of rows) {
      await target.database.query(
        `INSERT INTO categories (slug, name, color, icon, fields, filter_types)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb)`,
        [
          row.slug,
          JSON.stringify(row.name),
          row.color,
          row.icon,
          JSON.stringify(row.fields),
          JSON.stringify(row.filter_types),
        ],
      );
    }
    // A coarsened place and one without an external id, beside the demo's.
    await insertPlace(source.database, {
      status: 'published',
      authorId: null,
      lat: 45.8137913,
      lng: 15.9771357,
      privacy: '100m',
    });
    moderator = await signedInUser(source.app, 'moderator');
    targetModerator = await signedInUser(target.app, 'moderator');
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  type Feature = { geometry: { coordinates: number[] }; properties: Record<string, unknown> };
  const byExternalId = (geojson: string) =>
    new Map(
      (JSON.parse(geojson) as { features: Feature[] }).features.map((feature) => [
        feature.properties.externalId,
        feature,
      ]),
    );

  it('re-imports its own export into the same site as unchanged', async () => {
    for (const format of ['geojson', 'csv'] as const) {
      const file = await exportFrom(source, format);
      const response = await importInto(source, moderator, format, file, { dryRun: false });
      expect(response.statusCode, format).toBe(200);
      const report = response.json();
      expect(report.created + report.updated, format).toBe(0);
      expect(report.unchanged, format).toBeGreaterThan(2400);
    }
  });

  it('gives the same places in an empty database, field by field', async () => {
    const geojson = await exportFrom(source, 'geojson');
    const expected = byExternalId(geojson);
    const imported = await importInto(target, targetModerator, 'geojson', geojson, {
      dryRun: false,
      status: 'published',
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ created: expected.size, refused: [] });
    const actual = byExternalId(await exportFrom(target, 'geojson'));
    expect(actual.size).toBe(expected.size);
    // Every field but the last confirmation: nobody has confirmed the copy's places but its import.
    const withoutConfirmation = (feature: unknown) => {
      const { properties, ...rest } = feature as { properties: Record<string, unknown> };
      const { last_confirmed_at: _, ...others } = properties;
      return { ...rest, properties: others };
    };
    const importedAt = Date.now() - 60_000;
    for (const [externalId, feature] of expected) {
      const copy = actual.get(externalId) as unknown as { properties: { last_confirmed_at: string } };
      expect(withoutConfirmation(copy), String(externalId)).toEqual(withoutConfirmation(feature));
      expect(Date.parse(copy.properties.last_confirmed_at)).toBeGreaterThan(importedAt);
    }
    // The CSV of the copy re-imports into the copy as unchanged.
    const csv = await exportFrom(target, 'csv');
    const again = await importInto(target, targetModerator, 'csv', csv, { dryRun: false });
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: expected.size, refused: [] });
  });
});
