import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { REPO_ROOT } from '../../src/config/paths.ts';

/** A port nothing listens on now, on 127.0.0.1. */
export function freePort(): Promise<number> {
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

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly base: string;
  readonly port: number;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** Stops it with SIGTERM, as a supervisor does, and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts the server as `npm start` does (without `.env`), with only `env` (plus PATH and HOME,
 * on 127.0.0.1 and a free port), and resolves once `GET /api/v1/health` answers 200. Rejects with
 * what it printed when it exits first or does not answer within a minute.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout?.on('data', (chunk) => {
    printed += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    printed += chunk;
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${printed}`);
    const up = await fetch(`${base}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { child, base, port, output: () => printed, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the server did not start:\n${printed}`);
}
