import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process.ts';

export interface ThrowawayRedis {
  /** `redis://127.0.0.1:<port>` */
  url: string;
  /** Stops the server (by its own pid) and removes its folder; safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Why a throw-away Redis cannot be started here, or undefined when it can. On CI a missing
 * `redis-server` is a failure (.ci/run installs it), elsewhere the Redis tests are skipped.
 */
export function whyNoThrowawayRedis(): string | undefined {
  if (spawnSync('redis-server', ['--version']).status === 0) return undefined;
  const reason = 'no redis-server on the PATH (apt-get install -y redis-server)';
  if (process.env.CI === 'true') throw new Error(`The Redis tests cannot run on CI: ${reason}`);
  console.warn(`!! SKIPPING THE REDIS TESTS: ${reason}`);
  return reason;
}

/**
 * A throw-away Redis on a free port of 127.0.0.1, keeping nothing on disk, in a temp folder of its
 * own; ready when this resolves. One per test file.
 */
export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'karta-redis-'));
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}:\n${output}`));
      });
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, 'SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
