import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../src/audit/record-audit.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { openDatabase } from '../src/db/open-database.ts';
import { createJobQueue, enqueueJob } from '../src/jobs/job-queue.ts';
import {
  createJobRunner,
  doublingDelay,
  type JobHandler,
  type JobRunnerOptions,
  PermanentJobError,
} from '../src/jobs/job-runner.ts';
import { createTestDatabase, databaseAvailable, dbKind, type TestDatabase } from './support/test-app.ts';

const quiet = { warn: () => undefined, info: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(25);
  }
}

describe.skipIf(!databaseAvailable)(`job queue (${dbKind})`, () => {
  let db: TestDatabase;
  let database: Database;
  /** On PostgreSQL a second instance has its own connections; PGlite's folder has one handle. */
  let other: Database;
  const runners: ReturnType<typeof createJobRunner>[] = [];

  function runner(on: Database, handlers: JobHandler[], options: Partial<JobRunnerOptions> = {}) {
    const made = createJobRunner({ database: on, handlers, log: quiet, pollMs: 50, ...options });
    runners.push(made);
    return made;
  }

  async function jobRow(id: number) {
    const { rows } = await database.query<{ state: string; attempts: number; last_error: string | null }>(
      'SELECT state, attempts, last_error FROM jobs WHERE id = $1',
      [id],
    );
    return rows[0];
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    database = db.database;
    await migrate(database);
    other = dbKind === 'postgres' ? await openDatabase(db.config) : database;
  });
  afterAll(async () => {
    for (const made of runners) await made.stop();
    if (other !== database) await other?.close();
    await db?.dispose();
  });

  it('adds one job per key, in the transaction of the change', async () => {
    const first = await enqueueJob(database, { kind: 'keyed', key: 'keyed:1', maxAttempts: 3 });
    expect(first).toBeGreaterThan(0);
    expect(await enqueueJob(database, { kind: 'keyed', key: 'keyed:1', maxAttempts: 3 })).toBeNull();
    // A rolled-back change leaves no job behind.
    await expect(
      database.transaction(async (tx) => {
        await enqueueJob(tx, { kind: 'keyed', key: 'keyed:2', maxAttempts: 3 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const { rows } = await database.query(`SELECT 1 FROM jobs WHERE unique_key = 'keyed:2'`);
    expect(rows).toEqual([]);
  });

  it('runs each job once with two instances claiming at once', async () => {
    const count = 40;
    for (let i = 0; i < count; i += 1)
      await enqueueJob(database, { kind: 'count', payload: { i }, maxAttempts: 3 });
    const seen: number[] = [];
    const handler = (where: string[]): JobHandler => ({
      kind: 'count',
      retryDelayMs: () => 0,
      async run(job) {
        where.push(String(job.payload.i));
        seen.push(Number(job.payload.i));
        await sleep(2);
      },
    });
    const [byA, byB]: [string[], string[]] = [[], []];
    const done = await Promise.all([
      runner(database, [handler(byA)]).runDue(),
      runner(other, [handler(byB)]).runDue(),
    ]);
    expect(done[0] + done[1]).toBe(count);
    expect(seen.toSorted((a, b) => a - b)).toEqual([...Array(count).keys()]);
    if (dbKind === 'postgres') expect(Math.min(byA.length, byB.length)).toBeGreaterThan(0);
  });

  it('retries a failing job after a growing wait, then holds it dead for an admin to retry', async () => {
    const id = (await enqueueJob(database, { kind: 'flaky', maxAttempts: 3 })) ?? 0;
    const attemptsAt: number[] = [];
    let healthy = false;
    const flaky = runner(database, [
      {
        kind: 'flaky',
        retryDelayMs: doublingDelay(100, 1_000),
        async run() {
          attemptsAt.push(Date.now());
          if (!healthy) throw new Error('the partner is down');
        },
      },
    ]);
    flaky.start();
    await until(async () => (await jobRow(id))?.state === 'dead');
    expect(await jobRow(id)).toEqual({ state: 'dead', attempts: 3, last_error: 'the partner is down' });
    expect(attemptsAt).toHaveLength(3);
    // 100 ms, then 200 ms: each wait longer than the one before.
    const [a = 0, b = 0, c = 0] = attemptsAt;
    expect(b - a).toBeGreaterThanOrEqual(90);
    expect(c - b).toBeGreaterThanOrEqual(190);

    const queue = createJobQueue(database);
    expect((await queue.list('dead', 10)).map((job) => job.id)).toContain(id);
    expect((await queue.counts()).dead).toBeGreaterThanOrEqual(1);
    healthy = true;
    expect((await queue.retry(id, SYSTEM_ACTOR))?.state).toBe('failing');
    await until(async () => (await jobRow(id))?.state === 'done');
    expect(await jobRow(id)).toEqual({ state: 'done', attempts: 1, last_error: null });
    // A done job cannot be retried.
    expect(await queue.retry(id, SYSTEM_ACTOR)).toBeNull();
    await flaky.stop();
  });

  it('gives a job up at once on a failure no retry can mend', async () => {
    const id = (await enqueueJob(database, { kind: 'refused', maxAttempts: 10 })) ?? 0;
    await runner(database, [
      {
        kind: 'refused',
        retryDelayMs: () => 0,
        async run() {
          throw new PermanentJobError('the address does not exist');
        },
      },
    ]).runDue();
    expect(await jobRow(id)).toEqual({
      state: 'dead',
      attempts: 1,
      last_error: 'the address does not exist',
    });
  });

  it('runs a job again elsewhere once the instance that held it died, and only there', async () => {
    const id = (await enqueueJob(database, { kind: 'long', maxAttempts: 3 })) ?? 0;
    // An instance claims it and dies: it never finishes, and its lease is not renewed.
    const [claimed] = await createJobQueue(database).claim(['long'], 1, 300, 'an instance that dies');
    expect(claimed?.id).toBe(id);
    let runs = 0;
    const survivor = runner(other, [
      {
        kind: 'long',
        retryDelayMs: () => 0,
        async run() {
          runs += 1;
        },
      },
    ]);
    survivor.start();
    await until(async () => (await jobRow(id))?.state === 'done');
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 2 });
    expect(runs).toBe(1);
    // The dead instance's late word changes nothing.
    if (claimed) await createJobQueue(database).fail(claimed, 'late', 0);
    expect((await jobRow(id))?.state).toBe('done');
    await survivor.stop();
  });

  it('holds dead a job whose instance died on its last attempt', async () => {
    const id = (await enqueueJob(database, { kind: 'once', maxAttempts: 1 })) ?? 0;
    await createJobQueue(database).claim(['once'], 1, 100, 'an instance that dies');
    await sleep(150);
    const survivor = runner(other, [{ kind: 'once', retryDelayMs: () => 0, run: async () => undefined }]);
    survivor.start();
    await until(async () => (await jobRow(id))?.state === 'dead');
    expect((await jobRow(id))?.last_error).toMatch(/stopped before it finished/);
    await survivor.stop();
  });

  it('keeps a long job on its instance while it works, renewing its lease', async () => {
    const id = (await enqueueJob(database, { kind: 'slow', maxAttempts: 3 })) ?? 0;
    let runs = 0;
    const slow: JobHandler = {
      kind: 'slow',
      retryDelayMs: () => 0,
      async run() {
        runs += 1;
        await sleep(600);
      },
    };
    // Leases of 150 ms: the job outlives four of them, renewed each time.
    const [a, b] = [runner(database, [slow], { leaseMs: 150 }), runner(other, [slow], { leaseMs: 150 })];
    a.start();
    await until(async () => (await jobRow(id))?.state === 'running');
    b.start();
    await until(async () => (await jobRow(id))?.state === 'done');
    expect(runs).toBe(1);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('adds each tick of a periodic task once, whatever the number of instances', async () => {
    let runs = 0;
    const tick: JobHandler = {
      kind: 'tick',
      retryDelayMs: () => 0,
      async run() {
        runs += 1;
      },
    };
    const periodic = [{ kind: 'tick', everyMs: 60 * 60_000 }];
    const instances = [runner(database, [tick], { periodic }), runner(other, [tick], { periodic })];
    for (const instance of instances) instance.start();
    await until(async () => runs === 1);
    await sleep(300);
    expect(runs).toBe(1);
    const { rows } = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE kind = 'tick'`,
    );
    expect(rows[0]?.n).toBe(1);
    await Promise.all(instances.map((instance) => instance.stop()));
  });

  it('gives a running job back whole when its instance stops', async () => {
    const id = (await enqueueJob(database, { kind: 'interrupted', maxAttempts: 1 })) ?? 0;
    const stopping = runner(database, [
      {
        kind: 'interrupted',
        retryDelayMs: () => 0,
        run: (_job, { signal }) =>
          new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
      },
    ]);
    stopping.start();
    await until(async () => (await jobRow(id))?.state === 'running');
    await stopping.stop();
    // Queued again with its one attempt still to come: the next instance runs it.
    expect(await jobRow(id)).toMatchObject({ state: 'queued', attempts: 0 });
    let ran = false;
    await runner(database, [
      {
        kind: 'interrupted',
        retryDelayMs: () => 0,
        async run() {
          ran = true;
        },
      },
    ]).runDue();
    expect(ran).toBe(true);
  });
});
