import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import type { CounterStore } from '../src/limits/counter-store.ts';
import { createDatabaseCounterStore } from '../src/limits/database-counter-store.ts';
import { failingOpen } from '../src/limits/failing-open.ts';
import { createMemoryCounterStore } from '../src/limits/memory-counter-store.ts';
import { limitsRedisClient } from '../src/limits/open-rate-limit-store.ts';
import { COUNTERS_PREFIX, createRedisCounterStore } from '../src/limits/redis-counter-store.ts';
import { createTestDatabase, databaseAvailable, dbKind, type TestDatabase } from './support/test-app.ts';
import { startThrowawayRedis, type ThrowawayRedis, whyNoThrowawayRedis } from './support/throwaway-redis.ts';

/** What every counter store does, against its real backend (docs/decisions/030-shared-limits.md). */
function behavesAsACounterStore(open: () => CounterStore) {
  let store: CounterStore;
  beforeAll(() => {
    store = open();
  });
  let n = 0;
  /** A limit name no other test has used. */
  const limit = () => `test-limit-${n++}`;

  it('counts hits in a window opened by the first, and opens the next once it has ended', async () => {
    const name = limit();
    const first = await store.hit(name, '192.0.2.1', 800);
    expect(first.count).toBe(1);
    expect(first.resetInMs).toBeGreaterThan(600);
    expect(first.resetInMs).toBeLessThanOrEqual(800);
    const second = await store.hit(name, '192.0.2.1', 800);
    expect(second).toMatchObject({ count: 2, endsAt: first.endsAt });
    expect((await store.peek(name, '192.0.2.1'))?.count).toBe(2);
    await sleep(850);
    expect(await store.peek(name, '192.0.2.1')).toBeNull();
    const next = await store.hit(name, '192.0.2.1', 800);
    expect(next.count).toBe(1);
    expect(next.endsAt).toBeGreaterThan(first.endsAt);
  });

  it('counts each limit and key apart', async () => {
    const [a, b] = [limit(), limit()];
    await store.hit(a, 'ana@example.org', 60_000);
    await store.hit(a, 'ana@example.org', 60_000);
    expect((await store.hit(b, 'ana@example.org', 60_000)).count).toBe(1);
    expect((await store.hit(a, 'ivo@example.org', 60_000)).count).toBe(1);
    expect(await store.peek(b, 'nobody')).toBeNull();
  });

  it('takes a hit back from its own window only, never below nothing', async () => {
    const name = limit();
    const { endsAt } = await store.hit(name, 'k', 60_000);
    await store.hit(name, 'k', 60_000);
    await store.unhit(name, 'k', endsAt);
    expect((await store.peek(name, 'k'))?.count).toBe(1);
    await store.unhit(name, 'k', endsAt + 1);
    expect((await store.peek(name, 'k'))?.count).toBe(1);
    await store.unhit(name, 'k', endsAt);
    await store.unhit(name, 'k', endsAt);
    expect((await store.peek(name, 'k'))?.count).toBe(0);
  });

  it('counts hits sent at once one by one', async () => {
    const name = limit();
    const counts = await Promise.all(Array.from({ length: 20 }, () => store.hit(name, 'k', 60_000)));
    expect(counts.map((window) => window.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('lets a bucket’s burst through, then says how long to wait, then refills at its rate', async () => {
    const name = limit();
    const bucket = { perSecond: 5, burst: 2 };
    for (let i = 0; i < 2; i += 1) expect(await store.take(name, '192.0.2.1', bucket)).toBe(0);
    expect(await store.take(name, '192.0.2.1', bucket)).toBe(1);
    // Another key has its own bucket.
    expect(await store.take(name, '192.0.2.2', bucket)).toBe(0);
    await sleep(450);
    // Two tokens came back in 0.45 s at 5 a second (and no more than the burst, however long).
    expect(await store.take(name, '192.0.2.1', bucket)).toBe(0);
    expect(await store.take(name, '192.0.2.1', bucket)).toBe(0);
    expect(await store.take(name, '192.0.2.1', bucket)).toBe(1);
  });

  it('waits whole seconds for a slow bucket', async () => {
    const name = limit();
    const bucket = { perSecond: 0.1, burst: 1 };
    expect(await store.take(name, 'k', bucket)).toBe(0);
    expect(await store.take(name, 'k', bucket)).toBe(10);
  });

  it('takes from a bucket at once no more than its burst', async () => {
    const name = limit();
    const waits = await Promise.all(
      Array.from({ length: 12 }, () => store.take(name, 'k', { perSecond: 0.5, burst: 8 })),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(8);
  });
}

describe('the memory counter store', () => {
  behavesAsACounterStore(() => createMemoryCounterStore());
});

describe.skipIf(!databaseAvailable)(`the database counter store (${dbKind})`, () => {
  let db: TestDatabase;
  let store: ReturnType<typeof createDatabaseCounterStore>;
  beforeAll(async () => {
    db = await createTestDatabase();
    await migrate(db.database);
    store = createDatabaseCounterStore(db.database);
  });
  afterAll(async () => {
    await store?.close();
    await db?.dispose();
  });

  behavesAsACounterStore(() => store);

  it('keeps its counts in unlogged tables', async () => {
    const { rows } = await db.database.query<{ relname: string; relpersistence: string }>(
      `SELECT relname, relpersistence FROM pg_class
       WHERE relname IN ('rate_limit_windows', 'rate_limit_buckets') ORDER BY relname`,
    );
    expect(rows).toEqual([
      { relname: 'rate_limit_buckets', relpersistence: 'u' },
      { relname: 'rate_limit_windows', relpersistence: 'u' },
    ]);
  });

  it('writes neither addresses nor e-mails, only the limit and a hash', async () => {
    await store.hit('hashed', 'ana@example.org', 60_000);
    await store.take('hashed', '192.0.2.77', { perSecond: 1, burst: 5 });
    const { rows } = await db.database.query<{ key: string }>(
      `SELECT key FROM rate_limit_windows WHERE key LIKE 'hashed:%'
       UNION ALL SELECT key FROM rate_limit_buckets WHERE key LIKE 'hashed:%'`,
    );
    expect(rows).toHaveLength(2);
    for (const { key } of rows) {
      expect(key).toMatch(/^hashed:[\w-]{22}$/);
      expect(key).not.toMatch(/ana|192/);
    }
  });

  it('sweeps ended windows and full buckets, and keeps the rest', async () => {
    await store.hit('sweep', 'ended', 50);
    await store.hit('sweep', 'open', 60_000);
    await store.take('sweep', 'refilled', { perSecond: 100, burst: 2 });
    await store.take('sweep', 'draining', { perSecond: 0.01, burst: 2 });
    await sleep(100);
    await store.sweep();
    const { rows } = await db.database.query<{ key: string }>(
      `SELECT key FROM rate_limit_windows WHERE key LIKE 'sweep:%'
       UNION ALL SELECT key FROM rate_limit_buckets WHERE key LIKE 'sweep:%'`,
    );
    expect(rows).toHaveLength(2);
    expect(await store.peek('sweep', 'open')).not.toBeNull();
    expect(await store.take('sweep', 'draining', { perSecond: 0.01, burst: 2 })).toBe(0);
    expect(await store.take('sweep', 'draining', { perSecond: 0.01, burst: 2 })).toBeGreaterThan(1);
  });

  it('fails open when the database is away: the request is let through and a warning given', async () => {
    const away = await createTestDatabase();
    await migrate(away.database);
    const warnings: unknown[] = [];
    const inner = createDatabaseCounterStore(away.database);
    const failing = failingOpen(inner, (error) => warnings.push(error));
    expect((await failing.hit('away', 'k', 60_000)).count).toBe(1);
    await away.dispose();
    expect((await failing.hit('away', 'k', 60_000)).count).toBe(0);
    expect(await failing.take('away', 'k', { perSecond: 0.001, burst: 1 })).toBe(0);
    expect(await failing.peek('away', 'k')).toBeNull();
    expect(warnings).toHaveLength(3);
    await failing.close();
  });
});

const noRedis = whyNoThrowawayRedis();

describe.skipIf(noRedis !== undefined)('the Redis counter store', () => {
  let server: ThrowawayRedis;
  let redis: ReturnType<typeof limitsRedisClient>;
  beforeAll(async () => {
    server = await startThrowawayRedis();
    redis = limitsRedisClient(server.url);
    await redis.connect();
  });
  afterAll(async () => {
    redis?.disconnect();
    await server?.stop();
  });

  behavesAsACounterStore(() => createRedisCounterStore(redis));

  it('lets its keys expire with their windows and buckets, and names them by hash', async () => {
    const store = createRedisCounterStore(redis);
    await store.hit('expiring', 'ana@example.org', 60_000);
    await store.take('expiring', '192.0.2.9', { perSecond: 1, burst: 10 });
    const keys = await redis.keys(`${COUNTERS_PREFIX}expiring:*`);
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(key).not.toMatch(/ana|192/);
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
  });

  it('fails open while Redis is down: the request is let through and a warning given', async () => {
    const warnings: unknown[] = [];
    const other = await startThrowawayRedis();
    const client = limitsRedisClient(other.url);
    client.on('error', () => undefined);
    await client.connect();
    const store = failingOpen(createRedisCounterStore(client), (error) => warnings.push(error));
    expect((await store.hit('down', 'k', 60_000)).count).toBe(1);
    await other.stop();
    await sleep(50);
    expect((await store.hit('down', 'k', 60_000)).count).toBe(0);
    expect(await store.take('down', 'k', { perSecond: 0.001, burst: 1 })).toBe(0);
    expect(await store.peek('down', 'k')).toBeNull();
    expect(warnings.length).toBeGreaterThanOrEqual(3);
    client.disconnect();
  });
});
