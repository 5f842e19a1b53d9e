import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '../../e2e/support/free-port.ts';

const SERVER_DIR = resolve(import.meta.dirname, '../../apps/server');

export interface BenchServer {
  url: string;
  /** Figures the server logged when its map index was built. */
  index: { size: number; loadMs: number; buildMs: number; totalMs: number };
  rssMb(): number;
  stop(): Promise<void>;
}

/** Starts the real server on an existing PGlite folder (no demo data) and waits for its index; `env` adds variables. */
export async function startBenchServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const index = await new Promise<BenchServer['index']>((done, fail) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      try {
        const entry = JSON.parse(line) as { msg?: string } & BenchServer['index'];
        if (entry.msg === 'map index built') done(entry);
      } catch {
        // Not a log line (a start-up failure's message, say): show it.
        process.stderr.write(`${line}\n`);
      }
    });
    child.once('exit', (code) => fail(new Error(`server exited with ${code} before its index was built`)));
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
    index,
    rssMb: () => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
      } catch {
        return 0;
      }
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
