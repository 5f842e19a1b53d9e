import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '../../e2e/support/free-port.ts';
import type { SeededDatabase } from './seeded-database.ts';

const SERVER_DIR = resolve(import.meta.dirname, '../../apps/server');
/** A million places take minutes to load and index: the bound is only there so a hang ends. */
const START_TIMEOUT_MS = 15 * 60_000;

/** Figures the server logged when its map index was built. */
export interface IndexFigures {
  size: number;
  loadMs: number;
  buildMs: number;
  totalMs: number;
}

export interface BenchServer {
  url: string;
  pid: number;
  /** The first build of the map index, from the server's log. */
  index: IndexFigures;
  /** Every "map index built" the server logged so far, the first one included. */
  indexBuilds(): IndexFigures[];
  rssMb(): number;
  stop(): Promise<void>;
}

/**
 * Starts the real server (no demo data) on a PGlite folder, or on a seeded database of either
 * kind (PostgreSQL: DATABASE_URL, with a DATA_DIR of its own for uploads), and waits until its
 * map index is built and health answers. `env` adds variables.
 */
export async function startBenchServer(
  target: string | SeededDatabase,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const database: Pick<SeededDatabase, 'dataDir' | 'databaseUrl'> =
    typeof target === 'string' ? { dataDir: target } : target;
  const ownDataDir = database.databaseUrl ? mkdtempSync(join(tmpdir(), 'karta-bench-server-')) : undefined;
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: ownDataDir ?? database.dataDir ?? '',
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      // The load comes from one address: the per-client read limits (decision 018) would refuse it.
      READ_RATE_LIMIT_SCALE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  // Should the bench process end first (a failure, Ctrl-C), the server must not outlive it.
  const orphan = () => {
    child.kill('SIGKILL');
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  };
  process.once('exit', orphan);
  const stop = async () => {
    process.off('exit', orphan);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  };
  const builds: IndexFigures[] = [];
  try {
    const index = await new Promise<IndexFigures>((done, fail) => {
      const timer = setTimeout(
        () => fail(new Error('the server did not build its map index in time')),
        START_TIMEOUT_MS,
      );
      const lines = createInterface({ input: child.stdout });
      lines.on('line', (line) => {
        let entry: { msg?: string; level?: number } & IndexFigures;
        try {
          entry = JSON.parse(line);
        } catch {
          // Not a log line (a start-up failure's message, say): show it.
          process.stderr.write(`${line}\n`);
          return;
        }
        // Warnings and errors (pino's levels 40 and up) are shown: a failed start says why.
        if ((entry.level ?? 0) >= 40) process.stderr.write(`${line}\n`);
        if (entry.msg !== 'map index built') return;
        builds.push(entry);
        clearTimeout(timer);
        done(entry);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`server exited with ${code} before its index was built`));
      });
    });
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 200; i += 1) {
      const ok = await fetch(`${url}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((done) => setTimeout(done, 100));
    }
    return {
      url,
      pid: child.pid as number,
      index,
      indexBuilds: () => [...builds],
      rssMb: () => {
        try {
          const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
          return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
        } catch {
          return 0;
        }
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
