import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKPOINT_AFTER_WAL_BYTES,
  checkpointWhenDue,
  WAL_CEILING_BYTES,
  writeAheadLogBytes,
} from '../src/db/wal-checkpoints.ts';
import { dbKind, startTestApp, type TestApp } from './support/test-app.ts';

const logSinceCheckpoint = async (t: TestApp) =>
  (
    await t.database.query<{ since: number }>(
      'SELECT (pg_current_wal_lsn() - redo_lsn)::float8 AS since FROM pg_control_checkpoint()',
    )
  ).rows[0]?.since ?? 0;

describe.skipIf(dbKind !== 'pglite')('the write-ahead log of PGlite (pglite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    await t.database.query('CREATE TABLE wal_filler (text text)');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is checkpointed once it passes its bound, and its old files are deleted', async () => {
    expect(await checkpointWhenDue(t.database)).toBe(false);
    // About 60 MB of log: more than the files a checkpoint leaves.
    for (let round = 0; round < 6; round += 1)
      await t.database.query(`INSERT INTO wal_filler SELECT repeat('x', 400) FROM generate_series(1, 20000)`);
    expect(await logSinceCheckpoint(t)).toBeGreaterThan(CHECKPOINT_AFTER_WAL_BYTES);
    const before = await writeAheadLogBytes(t.database);
    expect(before).toBeGreaterThan(WAL_CEILING_BYTES);

    expect(await checkpointWhenDue(t.database)).toBe(true);
    expect(await logSinceCheckpoint(t)).toBeLessThan(2 ** 20);
    // PostgreSQL alone, run as one process, kept every file until it stopped.
    expect(await writeAheadLogBytes(t.database)).toBeLessThanOrEqual(WAL_CEILING_BYTES);
    expect(await checkpointWhenDue(t.database)).toBe(false);
  });
});
