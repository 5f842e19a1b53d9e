import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the PostgreSQL the server suite runs on, or '' when it must be skipped. */
    postgresUrl: string;
  }
}

const BIN = process.env.POSTGRES_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

function loudSkip(reason: string) {
  const line = '!'.repeat(78);
  console.warn(
    `\n${line}\n!! SKIPPING THE POSTGRESQL SERVER SUITE: ${reason}\n!! Set TEST_DATABASE_URL or install PostgreSQL 15 to run it.\n${line}\n`,
  );
}

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

/** Runs a PostgreSQL binary as the `postgres` user when we are root (initdb refuses root). */
function asPostgres(command: string, args: string[]) {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return execFileSync(file, argv, { stdio: 'pipe', encoding: 'utf8' });
}

/**
 * Gives the `server-postgres` project a PostgreSQL: TEST_DATABASE_URL when set, otherwise a
 * throw-away PostgreSQL 15 cluster in a temp folder on a free port, stopped and removed at the
 * end. Without either the suite is skipped loudly, except on CI where that is a failure.
 */
export default async function setup(project: TestProject) {
  const fromEnv = process.env.TEST_DATABASE_URL;
  if (fromEnv) {
    project.provide('postgresUrl', fromEnv);
    return;
  }

  const missing = !existsSync(join(BIN, 'initdb'))
    ? `no PostgreSQL binaries in ${BIN}`
    : process.getuid?.() === 0 && spawnSync('id', ['postgres']).status !== 0
      ? 'running as root and there is no `postgres` user to run initdb as'
      : undefined;
  if (missing) {
    if (process.env.CI === 'true') throw new Error(`PostgreSQL server suite cannot run on CI: ${missing}`);
    loudSkip(missing);
    project.provide('postgresUrl', '');
    return;
  }

  const root = mkdtempSync(join(tmpdir(), 'karta-pg-'));
  const dataDir = join(root, 'data');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(root, uid, gid);
  }
  const port = await freePort();
  const pgCtl = join(BIN, 'pg_ctl');
  try {
    asPostgres(join(BIN, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    asPostgres(pgCtl, [
      '-D',
      dataDir,
      '-l',
      join(root, 'postgres.log'),
      '-o',
      // Sockets go in our folder (the default /var/run/postgresql may not exist or be writable).
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${root} -c fsync=off -c max_connections=200`,
      '-w',
      'start',
    ]);
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    const reason = `could not start a throw-away PostgreSQL: ${(error as Error).message}`;
    if (process.env.CI === 'true') throw new Error(reason);
    loudSkip(reason);
    project.provide('postgresUrl', '');
    return;
  }

  const url: ProvidedContext['postgresUrl'] = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  project.provide('postgresUrl', url);
  return () => {
    try {
      // pg_ctl finds the server by the pid file in its own data folder: no other PostgreSQL is touched.
      asPostgres(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };
}
