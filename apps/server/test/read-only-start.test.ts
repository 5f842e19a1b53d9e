import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open-database.ts';
import { SPACE_RESERVE_FILE } from '../src/db/space-reserve.ts';
import { insertPharmacyCategory } from './support/places.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';
import { dbKind } from './support/test-app.ts';

const mount = (point: string) =>
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', point], { stdio: 'ignore' });

/** A mount point for a small disk of its own, where the machine lets us mount a tmpfs. */
const disk = (() => {
  if (dbKind !== 'pglite') return null;
  const mountPoint = mkdtempSync(join(tmpdir(), 'karta-full-disk-'));
  try {
    mount(mountPoint);
    return mountPoint;
  } catch {
    rmSync(mountPoint, { recursive: true, force: true });
    console.warn('cannot mount a tmpfs here: the full-disk start test is skipped');
    return null;
  }
})();

describe.skipIf(disk === null)('the server on a full disk (pglite, a real 96 MB tmpfs)', () => {
  // Read while tests are collected, skipped or not: no disk, no folder.
  const dataDir = disk === null ? '' : join(disk, 'data');
  let server: ServerProcess | undefined;

  /** Starts the server as `npm start` does, on the small disk; resolves once it answers. */
  async function start() {
    server = await startServerProcess({
      DATA_DIR: dataDir,
      // More than the space reserve, as the default (100 MB) is: once given back it is not enough to write.
      MIN_FREE_DISK_MB: '20',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    });
    const health = (await (await fetch(`${server.base}/api/v1/health`)).json()) as { storage: string };
    return { base: server.base, health, output: server.output };
  }

  async function stop() {
    const running = server;
    server = undefined;
    await running?.stop();
  }

  beforeAll(async () => {
    // A first start makes the database and the space reserve; then a category to read.
    const first = await start();
    expect(first.health.storage).toBe('ok');
    await stop();
    expect(existsSync(join(dataDir, SPACE_RESERVE_FILE))).toBe(true);
    const database = await openDatabase({ dataDir, databaseUrl: null });
    await insertPharmacyCategory(database);
    await database.close();
  }, 120_000);
  afterAll(async () => {
    await stop();
    execFileSync('umount', [disk as string]);
    rmSync(disk as string, { recursive: true, force: true });
  });

  it('starts, answers reads and refuses writes with 507 when something else filled the disk', async () => {
    const stats = statfsSync(dataDir);
    writeFileSync(join(disk as string, 'filler'), Buffer.alloc(Number(stats.bavail) * Number(stats.bsize)));
    expect(statfsSync(dataDir).bavail).toBe(0);

    const { base, health, output } = await start();
    expect(health.storage).toBe('low');
    expect(output()).toContain('space reserve was given back');
    const categories = await fetch(`${base}/api/v1/categories`);
    expect(categories.status).toBe(200);
    expect(await categories.json()).toMatchObject({ items: [{ slug: 'pharmacy' }] });
    const write = await fetch(`${base}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({
        email: 'new@example.org',
        password: 'a long enough password',
        displayName: 'New',
      }),
    });
    expect(write.status).toBe(507);
    expect((await write.json()).error.code).toBe('insufficient_storage');
  }, 120_000);
});
