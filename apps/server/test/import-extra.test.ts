import type { Extra } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishRun, stageBatch, startRun } from '../src/import/import-staging.ts';
import { signedInUser } from './support/auth.ts';
import { createCategory, EVERY_TYPE_FIELDS, retireOption, setFields } from './support/every-field-type.ts';
import { importInto, type User } from './support/import-files.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

const BASE = 'externalId,category,name_en,lat,lng';
const ALL_COLUMNS = EVERY_TYPE_FIELDS.map((field) => `x_${field.key}`).join(',');

type Feature = { type: 'Feature'; geometry: { type: 'Point'; coordinates: number[] }; properties: object };
const feature = (properties: object): Feature => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [16, 45.8] },
  properties,
});
const collection = (...features: Feature[]) => JSON.stringify({ type: 'FeatureCollection', features });

describe.skipIf(!databaseAvailable)(`the values of category fields in imported files (${dbKind})`, () => {
  let t: TestApp;
  let moderator: User;
  let aedId: number;

  const stored = async (externalId: string) =>
    (
      await t.database.query<{
        id: number;
        version: number;
        extra: Extra;
        hidden_extra: Extra;
        category_id: number;
      }>('SELECT id, version, extra, hidden_extra, category_id FROM places WHERE external_id = $1', [
        externalId,
      ])
    ).rows[0];
  const lastChanges = async (externalId: string) =>
    (
      await t.database.query<{ changes: Record<string, { from: unknown; to: unknown }> }>(
        `SELECT h.changes FROM place_history h JOIN places p ON p.id = h.place_id
         WHERE p.external_id = $1 ORDER BY h.version DESC LIMIT 1`,
        [externalId],
      )
    ).rows[0]?.changes;
  const placeCount = async () =>
    (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM places')).rows[0]?.n;
  const imported = async (format: 'csv' | 'geojson', file: string) => {
    const response = await importInto(t, moderator, format, file, { dryRun: false });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    moderator = await signedInUser(t.app, 'moderator');
    aedId = await createCategory(t, moderator, 'aed', EVERY_TYPE_FIELDS);
    await createCategory(t, moderator, 'water', [
      { key: 'bottle', type: 'boolean', label: { en: 'Bottle' } },
    ]);
    await createCategory(t, moderator, 'office', [
      { key: 'code', type: 'text', label: { en: 'Office code' }, required: true },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads every type from CSV text: true/false and yes/no, numbers, ;-lists, ISO dates; empty is no value', async () => {
    const csv = [
      `${BASE},${ALL_COLUMNS},x_bottle`,
      `read-all,aed,All,45.8,16,customers,YES,-2,2.5,en; hr,2026-05-01,'=not a formula,"one\r\ntwo",https://example.org/manual,+385 1 234 5678,`,
      `read-none,aed,None,45.8,16,,,,,,,,,,,`,
      `read-water,water,Water,45.8,16,,,,,,,,,,,no`,
    ].join('\r\n');
    expect(await imported('csv', csv)).toMatchObject({ created: 3, refused: [] });
    expect((await stored('read-all'))?.extra).toEqual({
      access: 'customers',
      indoor: true,
      level: -2,
      weight: 2.5,
      // Stored in the options' order, whatever the file's.
      languages: ['hr', 'en'],
      checked_on: '2026-05-01',
      // The formula guard is the file's, not the value's.
      note: '=not a formula',
      directions: 'one\ntwo',
      manual: 'https://example.org/manual',
      hotline: '+385 1 234 5678',
    });
    expect((await stored('read-none'))?.extra).toEqual({});
    expect((await stored('read-water'))?.extra).toEqual({ bottle: false });
    // The history of a created place lists each value, as a proposal's does.
    expect(await lastChanges('read-all')).toMatchObject({
      'extra.indoor': { from: null, to: true },
      'extra.languages': { from: null, to: ['hr', 'en'] },
    });
  });

  it('reports each refused value at its x_ column with the value rule’s code, and a real run writes nothing', async () => {
    const csv = [
      `${BASE},x_level,x_indoor,x_access,x_languages,x_checked_on,x_bottle,x_nothing_here`,
      'bad-1,aed,One,45.8,16,61,,,,,,',
      'bad-2,aed,Two,45.8,16,,maybe,,,,,',
      'bad-3,aed,Three,45.8,16,,,public,,,,',
      'bad-4,aed,Four,45.8,16,1.5,,,hr;fr,,,',
      'bad-5,aed,Five,45.8,16,,,,,2026-02-30,,',
      // A value for a field the category lacks is refused; an empty cell of one is no value.
      'bad-6,aed,Six,45.8,16,,,,,,true,',
      'bad-7,water,Seven,45.8,16,,,,,,,anything',
      'good-8,aed,Eight,45.8,16,3,false,yes,uk,,,',
    ].join('\r\n');
    const dry = await importInto(t, moderator, 'csv', csv);
    expect(dry.statusCode).toBe(200);
    const report = dry.json();
    const problems = report.refused.map(
      (refusal: { row: number; errors: { path: string; code: string }[] }) => [
        refusal.row,
        refusal.errors.map((error) => `${error.path} ${error.code}`),
      ],
    );
    expect(problems).toEqual([
      [1, ['x_level too_large']],
      [2, ['x_indoor invalid']],
      [3, ['x_access not_an_option']],
      [4, ['x_level invalid', 'x_languages not_an_option']],
      [5, ['x_checked_on invalid']],
      [6, ['x_bottle unknown_field']],
      [7, ['x_nothing_here unknown_field']],
    ]);
    expect(report.rows).toEqual([{ row: 8, externalId: 'good-8', action: 'create' }]);

    const before = await placeCount();
    const real = await importInto(t, moderator, 'csv', csv, { dryRun: false });
    expect(real.statusCode).toBe(422);
    expect(real.json().error.code).toBe('import_refused');
    expect(real.json().error.details.refused).toEqual(report.refused);
    expect(await placeCount()).toBe(before);
  });

  it('refuses a header whose x_ column is no field key', async () => {
    for (const column of ['x_', 'x_Level', 'x_1st', 'x_with-dash']) {
      const response = await importInto(t, moderator, 'csv', `${BASE},${column}\r\nh,aed,H,45.8,16,1\r\n`);
      expect(response.statusCode, column).toBe(400);
      expect(response.json().error.details, column).toContainEqual(expect.objectContaining({ path: column }));
    }
  });

  it('reads GeoJSON’s properties.extra with the API’s types, and x_ properties as CSV cells', async () => {
    const base = { category: 'aed', name_en: 'Geo' };
    const file = collection(
      feature({ ...base, externalId: 'geo-1', extra: { indoor: true, level: 3, languages: ['uk', 'hr'] } }),
      feature({ ...base, externalId: 'geo-2', extra: { level: 'three', bottle: true } }),
      feature({ ...base, externalId: 'geo-3', extra: 'indoor' }),
      feature({ ...base, externalId: 'geo-4', extra: {}, x_indoor: 'true' }),
      feature({ ...base, externalId: 'geo-5', x_indoor: 'no', x_level: '2', x_languages: 'en;uk' }),
      feature({ ...base, externalId: 'geo-6', extra: { note: "'=kept as it is" } }),
    );
    const report = (await importInto(t, moderator, 'geojson', file)).json();
    expect(
      report.refused.map((refusal: { row: number; errors: { path: string; code: string }[] }) => [
        refusal.row,
        refusal.errors.map((error) => `${error.path} ${error.code}`),
      ]),
    ).toEqual([
      [2, ['extra.bottle unknown_field', 'extra.level invalid']],
      [3, ['extra invalid']],
      [4, ['extra invalid']],
    ]);
    const good = collection(
      ...(JSON.parse(file) as { features: Feature[] }).features.filter(
        (_, index) => ![1, 2, 3].includes(index),
      ),
    );
    expect(await imported('geojson', good)).toMatchObject({ created: 3 });
    expect((await stored('geo-1'))?.extra).toEqual({ indoor: true, level: 3, languages: ['hr', 'uk'] });
    expect((await stored('geo-5'))?.extra).toEqual({ indoor: false, level: 2, languages: ['en', 'uk'] });
    // `extra` is the API's object: its text carries no formula guard to remove.
    expect((await stored('geo-6'))?.extra).toEqual({ note: "'=kept as it is" });
  });

  it('updates values as an edit does: named columns replace, others are kept, hidden values untouched', async () => {
    const header = `${BASE},x_access,x_indoor,x_level`;
    await imported('csv', `${header}\r\nupd,aed,Update me,45.8,16,yes,true,1\r\n`);
    const created = await stored('upd');
    if (!created) throw new Error('not created');
    await t.database.query(`UPDATE places SET hidden_extra = '{"gone": "kept"}' WHERE id = $1`, [created.id]);

    // No x_ column: the values stay, and an otherwise equal row is unchanged.
    expect(await imported('csv', `${BASE}\r\nupd,aed,Update me,45.8,16\r\n`)).toMatchObject({ unchanged: 1 });
    const renamed = await imported('csv', `${BASE}\r\nupd,aed,Renamed,45.8,16\r\n`);
    expect(renamed.rows).toEqual([{ row: 1, externalId: 'upd', action: 'update', changed: ['name'] }]);
    expect((await stored('upd'))?.extra).toEqual({ access: 'yes', indoor: true, level: 1 });

    // One column: that value changes, the others are kept; the history names it alone.
    const indoor = await imported('csv', `${BASE},x_indoor\r\nupd,aed,Renamed,45.8,16,false\r\n`);
    expect(indoor.rows).toEqual([{ row: 1, externalId: 'upd', action: 'update', changed: ['extra'] }]);
    expect((await stored('upd'))?.extra).toEqual({ access: 'yes', indoor: false, level: 1 });
    expect(await lastChanges('upd')).toEqual({ 'extra.indoor': { from: true, to: false } });

    // An empty cell clears its value; the same file again changes nothing.
    const cleared = `${header}\r\nupd,aed,Renamed,45.8,16,yes,false,\r\n`;
    expect((await imported('csv', cleared)).rows[0]).toMatchObject({ action: 'update', changed: ['extra'] });
    expect(await lastChanges('upd')).toEqual({ 'extra.level': { from: 1, to: null } });
    expect(await imported('csv', cleared)).toMatchObject({ unchanged: 1, updated: 0 });

    // GeoJSON's `extra` is the place's whole set: a key it leaves out has no value.
    const geo = (extra?: object) =>
      collection(
        feature({ externalId: 'upd', category: 'aed', name_en: 'Renamed', ...(extra ? { extra } : {}) }),
      );
    expect((await imported('geojson', geo({ access: 'customers' }))).rows[0].changed).toEqual(['extra']);
    expect(await lastChanges('upd')).toEqual({
      'extra.access': { from: 'yes', to: 'customers' },
      'extra.indoor': { from: false, to: null },
    });
    expect(await imported('geojson', geo())).toMatchObject({ unchanged: 1 });
    expect(await imported('geojson', geo({ access: 'customers' }))).toMatchObject({ unchanged: 1 });

    const after = await stored('upd');
    expect(after?.extra).toEqual({ access: 'customers' });
    expect(after?.hidden_extra).toEqual({ gone: 'kept' });
    // Created, renamed, indoor, level, access: four edits.
    expect(after?.version).toBe(created.version + 4);
  });

  it('keeps a retired option a place has, and refuses it for a new place', async () => {
    const header = `${BASE},x_access`;
    await imported('csv', `${header}\r\nretired-1,aed,Old rule,45.8,16,old\r\n`);
    await setFields(t, moderator, aedId, retireOption(EVERY_TYPE_FIELDS));
    try {
      const file = `${header}\r\nretired-1,aed,Old rule,45.8,16,old\r\nretired-2,aed,New,45.8,16,old\r\n`;
      const report = (await importInto(t, moderator, 'csv', file)).json();
      expect(report.rows).toEqual([{ row: 1, externalId: 'retired-1', action: 'unchanged' }]);
      expect(report.refused).toEqual([
        { row: 2, errors: [expect.objectContaining({ path: 'x_access', code: 'retired_option' })] },
      ]);
    } finally {
      await setFields(t, moderator, aedId, EVERY_TYPE_FIELDS);
    }
  });

  it('hides the values a new category has no field for, as an edit that moves a place does', async () => {
    await imported('csv', `${BASE},x_indoor,x_level\r\nmove,aed,Moving,45.8,16,true,4\r\n`);
    const report = await imported('csv', `${BASE}\r\nmove,water,Moving,45.8,16\r\n`);
    expect(report.rows[0]).toMatchObject({ action: 'update', changed: ['categoryId', 'extra'] });
    const moved = await stored('move');
    expect(moved?.extra).toEqual({});
    expect(moved?.hidden_extra).toEqual({ indoor: true, level: 4 });
  });

  it('counts the values’ text in a place’s total of text, as a proposal does', async () => {
    const keys = ['one', 'two', 'three', 'four', 'five'];
    await createCategory(
      t,
      moderator,
      'notes',
      keys.map((key) => ({ key, type: 'longtext' as const, label: { en: key } })),
    );
    const long = 'x'.repeat(2000);
    const place = (extraKeys: string[]) =>
      collection(
        feature({
          externalId: `notes-${extraKeys.length}`,
          category: 'notes',
          name_en: 'Notes',
          description_hr: long,
          description_en: long,
          extra: Object.fromEntries(extraKeys.map((key) => [key, long])),
        }),
      );
    // 4 000 characters of descriptions and 6 000 of values fit in the 12 000 a place holds; 10 000 do not.
    expect((await importInto(t, moderator, 'geojson', place(keys.slice(0, 3)))).json().refused).toEqual([]);
    expect((await importInto(t, moderator, 'geojson', place(keys))).json().refused).toEqual([
      { row: 1, errors: [expect.objectContaining({ path: 'description', code: 'too_long' })] },
    ]);
  });

  it('hides, rather than shows, a staged value of a field removed before the run is published', async () => {
    // As PGlite stages an import and publishes it a moment later, with a field removed in between.
    await imported('csv', `${BASE},x_indoor,x_level\r\nstaged-old,aed,Staged,45.8,16,false,1\r\n`);
    const existing = await stored('staged-old');
    if (!existing) throw new Error('not created');
    const { rows } = await t.database.query<Record<string, unknown>>(
      `SELECT category_id, name, description, primary_language, lat, lng, radius, location_privacy,
         address, phone, email, website, opening_hours FROM places WHERE id = $1`,
      [existing.id],
    );
    const columns = rows[0] ?? {};
    const run = await startRun(t.database, 'published', moderator.id);
    await stageBatch(
      t.database,
      run,
      1,
      [{ ...columns, external_id: 'staged-new', extra: { indoor: true, level: 3 }, changes: {} }],
      [
        {
          ...columns,
          id: existing.id,
          version: existing.version,
          extra: { indoor: true, level: 2 },
          hidden: {},
          changes: {},
        },
      ],
    );
    await setFields(
      t,
      moderator,
      aedId,
      EVERY_TYPE_FIELDS.filter((field) => field.key !== 'level'),
    );
    try {
      await publishRun(t.database, run);
      expect(await stored('staged-new')).toMatchObject({
        extra: { indoor: true },
        hidden_extra: { level: 3 },
      });
      expect(await stored('staged-old')).toMatchObject({
        extra: { indoor: true },
        hidden_extra: { level: 2 },
      });
    } finally {
      await setFields(t, moderator, aedId, EVERY_TYPE_FIELDS);
    }
  });

  it('asks a new place for its required values, and leaves an existing one’s alone when the file names none', async () => {
    const missing = await importInto(t, moderator, 'csv', `${BASE}\r\noffice-1,office,Office,45.8,16\r\n`);
    expect(missing.json().refused).toEqual([
      { row: 1, errors: [expect.objectContaining({ path: 'x_code', code: 'required' })] },
    ]);
    const geo = await importInto(
      t,
      moderator,
      'geojson',
      collection(feature({ externalId: 'office-1', category: 'office', name_en: 'Office' })),
    );
    expect(geo.json().refused).toEqual([
      { row: 1, errors: [expect.objectContaining({ path: 'extra.code', code: 'required' })] },
    ]);
    await imported('csv', `${BASE},x_code\r\noffice-1,office,Office,45.8,16,A-1\r\n`);
    // Made required after a place was saved without it: the place stays as it is until its values are edited.
    await t.database.query(`UPDATE places SET extra = '{}' WHERE external_id = 'office-1'`);
    expect(await imported('csv', `${BASE}\r\noffice-1,office,Office again,45.8,16\r\n`)).toMatchObject({
      updated: 1,
    });
    const cleared = await importInto(
      t,
      moderator,
      'csv',
      `${BASE},x_code\r\noffice-1,office,Office,45.8,16,\r\n`,
    );
    expect(cleared.json().refused).toEqual([
      { row: 1, errors: [expect.objectContaining({ path: 'x_code', code: 'required' })] },
    ]);
  });
});
