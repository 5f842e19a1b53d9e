import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './free-port.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the real Karta server (the one `npm start` runs) on a free port with a throw-away
 * PGlite folder and demo data, and waits until its map index is ready. `publicUrl` sets
 * PUBLIC_URL to the server's own address (links in e-mail point to it).
 */
export async function startKartaServer(
  env: Record<string, string> = {},
  options: { publicUrl?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'karta-e2e-data-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(REPO_ROOT, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      // The map index read by a reader thread, as on a machine of three cores or more.
      MAP_INDEX_READERS: '1',
      ...(options.publicUrl ? { PUBLIC_URL: url } : {}),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Karta server exited with code ${child.exitCode} at start`);
    try {
      const health = await fetch(`${url}/api/v1/health`);
      const body = (await health.json()) as { status?: string; mapIndex?: string };
      if (health.ok && body.mapIndex === 'ready') return { url, pid: child.pid ?? 0, stop };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  await stop();
  throw new Error('Karta server did not become ready within 120 s');
}

function sleep(ms: number) {
  return new Promise((done) => setTimeout(done, ms));
}
