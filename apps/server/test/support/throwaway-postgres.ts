import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process.ts';

/** Where PostgreSQL 15's binaries are (Debian's path unless POSTGRES_BIN_DIR says otherwise). */
export const POSTGRES_BIN = process.env.POSTGRES_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

export interface ThrowawayPostgres {
  /** Superuser URL of the cluster's `postgres` database, on 127.0.0.1. */
  url: string;
  /** The folder holding the data folder, the socket and `postgres.log`. */
  root: string;
  /** Stops the cluster (by the pid file in its own data folder) and removes its folder. */
  stop(): void;
  /**
   * Restarts it as after a crash: an immediate stop (no checkpoint, every connection cut), then a
   * start that recovers from the write-ahead log.
   */
  crashAndRestart(): Promise<void>;
}

/** Runs a PostgreSQL binary as the `postgres` user when we are root (initdb refuses root). */
function asPostgres(command: string, args: string[]) {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return execFileSync(file, argv, { stdio: 'pipe', encoding: 'utf8' });
}

/** `asPostgres` without blocking the event loop (the test's clients go on meanwhile). */
async function asPostgresAsync(command: string, args: string[]) {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  await promisify(execFile)(file, argv, { encoding: 'utf8' });
}

/** Why a throw-away cluster cannot be started on this machine, or undefined when it can. */
export function whyNoThrowawayPostgres(): string | undefined {
  if (!existsSync(join(POSTGRES_BIN, 'initdb'))) return `no PostgreSQL binaries in ${POSTGRES_BIN}`;
  if (process.getuid?.() === 0 && spawnSync('id', ['postgres']).status !== 0) {
    return 'running as root and there is no `postgres` user to run initdb as';
  }
  return undefined;
}

/**
 * A throw-away PostgreSQL 15 cluster: initdb in a temp folder, started on a free port of
 * 127.0.0.1 with trust auth and fsync off (nothing in it outlives the run). `settings` are more
 * `-c name=value` for the server. Throws (after removing the folder) when it cannot start.
 */
export async function startThrowawayPostgres(settings: readonly string[] = []): Promise<ThrowawayPostgres> {
  const root = mkdtempSync(join(tmpdir(), 'karta-pg-'));
  const dataDir = join(root, 'data');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(root, uid, gid);
  }
  const port = await freePort();
  const pgCtl = join(POSTGRES_BIN, 'pg_ctl');
  const startOptions = () => [
    '-D',
    dataDir,
    '-l',
    join(root, 'postgres.log'),
    '-o',
    // Sockets go in our folder (the default /var/run/postgresql may not exist or be writable).
    [
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${root} -c fsync=off -c max_connections=200`,
      ...settings.map((setting) => `-c ${setting}`),
    ].join(' '),
    '-w',
  ];
  try {
    asPostgres(join(POSTGRES_BIN, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    asPostgres(pgCtl, [...startOptions(), 'start']);
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  return {
    async crashAndRestart() {
      await asPostgresAsync(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      await asPostgresAsync(pgCtl, [...startOptions(), 'start']);
    },
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    root,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        // pg_ctl finds the server by the pid file in its own data folder: no other PostgreSQL is touched.
        asPostgres(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
