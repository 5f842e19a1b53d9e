import { Agent, request } from 'node:http';
import { summarise, type Timings } from './stats.ts';

export interface LoadResult {
  latency: Timings;
  requestsPerSecond: number;
  /** Answers other than 200, and how many of each status (e.g. `{ 503: 12 }`). */
  errors: number;
  errorStatuses: Record<number, number>;
  /** Mean bytes of an answer's body as it crossed the wire (compressed, when the server did). */
  bytesPerAnswer: number;
  /**
   * The load generator's own cost: CPU milliseconds this process spent per request, and the
   * share of one core it kept busy. It runs on the same cores as the server, so on a machine of
   * two cores a generator at 0.5 leaves the server a core and a half.
   */
  generator: { cpuMsPerRequest: number; cores: number };
}

/** What a browser's request says it takes: every load is measured as browsers ask (compressed). */
export const BROWSER_ACCEPT_ENCODING = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * A closed loop of `concurrency` clients over keep-alive connections, each sending the next path
 * as soon as its answer is read, until `total` requests are done (or `until()` says so, for a
 * load that runs alongside something else). Latency is measured per
 * request at the client with a sub-millisecond clock (load tools such as autocannon record whole
 * milliseconds and report no p95, too coarse for answers that take about one). Each request
 * takes compressed answers as a browser does, unless `headers` says otherwise.
 */
export async function runLoad(
  origin: string,
  paths: readonly string[],
  options: { total: number; concurrency: number; until?: () => boolean; headers?: Record<string, string> },
): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const samples: number[] = [];
  let next = 0;
  let errors = 0;
  let bytes = 0;
  const errorStatuses: Record<number, number> = {};
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const client = async () => {
    while (next < options.total && !options.until?.()) {
      const path = paths[next % paths.length] as string;
      next += 1;
      const t0 = performance.now();
      const { status, length } = await get(agent, `${origin}${path}`, {
        ...BROWSER_ACCEPT_ENCODING,
        ...options.headers,
      });
      samples.push(performance.now() - t0);
      bytes += length;
      if (status !== 200) {
        errors += 1;
        errorStatuses[status] = (errorStatuses[status] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, client));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  agent.destroy();
  return {
    latency: summarise(samples),
    requestsPerSecond: samples.length / seconds,
    errors,
    errorStatuses,
    bytesPerAnswer: samples.length > 0 ? bytes / samples.length : 0,
    generator: {
      cpuMsPerRequest: samples.length > 0 ? cpuMs / samples.length : 0,
      cores: cpuMs / 1000 / seconds,
    },
  };
}

function get(
  agent: Agent,
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; length: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (response) => {
      let length = 0;
      response.on('data', (chunk: Buffer) => {
        length += chunk.length;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, length }));
    });
    req.on('error', reject);
    req.end();
  });
}
