import { ErrorBody } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseError } from '../src/db/database.ts';
import { QUERY_CANCELED } from '../src/db/statement-timeout.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

/** The bound these tests run with: far below a real one, far above a plain query's time. */
const TIMEOUT_MS = 400;

describe.skipIf(!databaseAvailable)(`statement timeout (${dbKind})`, () => {
  let t: TestApp;
  const warnings: string[] = [];
  beforeAll(async () => {
    t = await startTestApp({
      demo: false,
      env: { STATEMENT_TIMEOUT_MS: String(TIMEOUT_MS) },
      configure(app) {
        // A read that asks for too much, as a slow search would; the error handler answers it.
        app.get('/api/v1/test/slow-read', async (request) => {
          request.log.warn = ((...args: unknown[]) => warnings.push(String(args.at(-1)))) as never;
          await app.database.query('SELECT pg_sleep(1)');
          return { done: true };
        });
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stops a read past the bound with SQLSTATE 57014, and the database answers the next one', async () => {
    const started = Date.now();
    const error = await t.database.query('SELECT pg_sleep(0.6)').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseError);
    expect((error as DatabaseError).code).toBe(QUERY_CANCELED);
    expect(Date.now() - started).toBeLessThan(590);
    // On PGlite the stopped read finishes unseen first (200 ms more), within the next one's bound.
    const { rows } = await t.database.query<{ one: number }>('SELECT 1 AS one');
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('answers a timed-out read with 503 query_timeout in the error shape, and logs it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test/slow-read' });
    expect(response.statusCode, response.body).toBe(503);
    const body = ErrorBody.parse(response.json());
    expect(body.error.code).toBe('query_timeout');
    expect(body.error.message).toMatch(/took too long/);
    expect(warnings.some((message) => /took too long/.test(message))).toBe(true);
  });

  it('gives writes in a transaction their own, larger bound', async () => {
    const result = await t.database.transaction(async (tx) => {
      await tx.query('SELECT pg_sleep(0.6)');
      return tx.query<{ one: number }>('SELECT 1 AS one');
    });
    expect(result.rows).toEqual([{ one: 1 }]);
  });

  it('does not cut a single write short, whatever it takes', async () => {
    // On PostgreSQL a write outside a transaction is bounded too (and rolled back); on PGlite,
    // where nothing can stop it, a write is never answered "timed out" and then committed.
    await t.database.query('CREATE TABLE IF NOT EXISTS timeout_probe (n int)');
    const write = t.database.query('INSERT INTO timeout_probe SELECT 1 FROM pg_sleep(0.6)');
    if (dbKind === 'pglite') {
      await write;
      const { rows } = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM timeout_probe');
      expect(rows[0]?.n).toBe(1);
    } else {
      const error = await write.catch((e: unknown) => e);
      expect((error as DatabaseError).code).toBe(QUERY_CANCELED);
      const { rows } = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM timeout_probe');
      expect(rows[0]?.n).toBe(0);
    }
  });

  it.runIf(dbKind === 'pglite')('drops a read that waited its whole bound behind a slow one', async () => {
    // The first read holds PGlite's one session past both bounds; the second never gets to run.
    const first = t.database.query('SELECT pg_sleep(0.6)').catch((e: unknown) => e);
    const second = t.database.query('SELECT pg_sleep(0.3)').catch((e: unknown) => e);
    expect(((await second) as DatabaseError).code).toBe(QUERY_CANCELED);
    expect(((await first) as DatabaseError).code).toBe(QUERY_CANCELED);
    // Had the second been sent after all, this one would wait past its bound behind it.
    const { rows } = await t.database.query<{ one: number }>('SELECT 1 AS one');
    expect(rows).toEqual([{ one: 1 }]);
  });
});
