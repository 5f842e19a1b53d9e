import { ImportResultList } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageBatch, startRun } from '../src/import/import-staging.ts';
import { signedInUser } from './support/auth.ts';
import { importInto, type User } from './support/import-files.ts';
import { insertPharmacyCategory } from './support/places.ts';
import { stagedCreates } from './support/staged-places.ts';
import { databaseAvailable, dbKind, startInstance, startTestApp, type TestApp } from './support/test-app.ts';

const csvOf = (prefix: string, rows: number) =>
  `externalId,category,name_hr,lat,lng\r\n${Array.from(
    { length: rows },
    (_, i) => `${prefix}-${i},pharmacy,Ljekarna ${prefix} ${i},45.8,15.9`,
  ).join('\r\n')}\r\n`;

describe.skipIf(!databaseAvailable)(`what became of each import (${dbKind})`, () => {
  let t: TestApp;
  let moderator: User;

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    await insertPharmacyCategory(t.database);
    moderator = await signedInUser(t.app, 'moderator');
  });
  afterAll(async () => {
    await t?.close();
  });

  const results = async (user: User | null, app = t.app) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/imports',
      headers: user?.headers ?? {},
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('lists a finished import with its counts and who ran it, to moderators only', async () => {
    expect((await importInto(t, moderator, 'csv', csvOf('first', 3), { dryRun: false })).statusCode).toBe(
      200,
    );
    // Again: all three unchanged. A dry run and a refused import write nothing, so they are not listed.
    expect((await importInto(t, moderator, 'csv', csvOf('first', 3), { dryRun: false })).statusCode).toBe(
      200,
    );
    expect((await importInto(t, moderator, 'csv', csvOf('dry', 2))).statusCode).toBe(200);
    const refused = `${csvOf('refused', 1)}bad,nowhere,X,45.8,15.9\r\n`;
    expect((await importInto(t, moderator, 'csv', refused, { dryRun: false })).statusCode).toBe(422);

    const { status, body } = await results(moderator);
    expect(status).toBe(200);
    const { items } = ImportResultList.parse(body);
    expect(items.map((item) => [item.outcome, item.counts])).toEqual([
      ['published', { created: 0, updated: 0, unchanged: 3 }],
      ['published', { created: 3, updated: 0, unchanged: 0 }],
    ]);
    expect(items[0]).toMatchObject({
      by: { id: moderator.id, displayName: 'A moderator' },
      status: 'pending',
    });
    expect(Date.parse(items[0]?.finishedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(items[0]?.startedAt ?? ''),
    );

    expect((await results(null)).status).toBe(401);
    expect((await results(await signedInUser(t.app))).status).toBe(403);
  });

  it.skipIf(dbKind !== 'pglite')(
    'tells the moderator whose import got no answer what the next start made of it',
    async () => {
      const { rows: categories } = await t.database.query<{ id: number }>('SELECT id FROM categories');
      const batch = (from: number, n: number) => stagedCreates(categories[0]?.id, from, n);
      // As a process killed mid-import leaves them: one run still reading its file, one publishing
      // (every row accepted and counted, its first batch of two published).
      const staging = await startRun(t.database, 'published', moderator.id);
      await stageBatch(t.database, staging, 1, batch(0, 3), []);
      const publishing = await startRun(t.database, 'published', moderator.id);
      await stageBatch(t.database, publishing, 1, batch(100, 2), []);
      await stageBatch(t.database, publishing, 2, batch(200, 2), []);
      await t.database.query(
        `UPDATE import_runs SET state = 'publishing', created = 4, updated = 0, unchanged = 0 WHERE id = $1`,
        [publishing],
      );

      // The restart: a new instance finishes what it finds as it starts.
      const restarted = await startInstance(t);
      try {
        const { items } = ImportResultList.parse((await results(moderator, restarted.app)).body);
        expect(items.slice(0, 2).map((item) => [item.outcome, item.counts, item.by?.id])).toEqual([
          ['published_after_restart', { created: 4, updated: 0, unchanged: 0 }, moderator.id],
          ['dropped_after_restart', null, moderator.id],
        ]);
        const { rows } = await t.database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM places WHERE external_id LIKE 'left-%'`,
        );
        expect(rows[0]?.n).toBe(4);
      } finally {
        await restarted.close();
      }
    },
  );
});
