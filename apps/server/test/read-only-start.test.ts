import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config/paths.ts';
import { openDatabase } from '../src/db/open-database.ts';
import { SPACE_RESERVE_FILE } from '../src/db/space-reserve.ts';
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

describe.skipIf(disk === null)('the server on a full disk (pglite, a real 96 MB tmpfs)', () => {
  const dataDir = join(disk as string, 'data');
  let server: ChildProcess | undefined;

  /** Starts the server as `npm start` does; resolves with its address once it answers. */
  async function start() {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: dataDir,
        // More than the space reserve, as the default (100 MB) is: once given back it is not enough to write.
        MIN_FREE_DISK_MB: '20',
        DEMO_DATA: 'false',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = child;
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
      const health = await fetch(`${base}/api/v1/health`).then(
        (response) => response.json() as Promise<{ storage?: string }>,
        () => null,
      );
      if (health) return { base, health, output: () => output };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the server did not start:\n${output}`);
  }

  async function stop() {
    const child = server;
    server = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  beforeAll(async () => {
    // A first start makes the database and the space reserve; then a category to read.
    const first = await start();
    expect(first.health.storage).toBe('ok');
    await stop();
    expect(existsSync(join(dataDir, SPACE_RESERVE_FILE))).toBe(true);
    const database = await openDatabase({ dataDir, databaseUrl: null });
    await database.query(
      `INSERT INTO categories (slug, name, color, icon) VALUES ('pharmacy', '{"en": "Pharmacy"}', '#15803d', 'pill')`,
    );
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
