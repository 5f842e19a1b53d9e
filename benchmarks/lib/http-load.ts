import { Agent, request } from 'node:http';
import { summarise, type Timings } from './stats.ts';

export interface LoadResult {
  latency: Timings;
  requestsPerSecond: number;
  /** Answers other than 200, and how many of each status (e.g. `{ 503: 12 }`). */
  errors: number;
  errorStatuses: Record<number, number>;
}

/**
 * A closed loop of `concurrency` clients over keep-alive connections, each sending the next path
 * as soon as its answer is read, until `total` requests are done (or `until()` says so, for a
 * load that runs alongside something else). Latency is measured per
 * request at the client with a sub-millisecond clock (load tools such as autocannon record whole
 * milliseconds and report no p95, too coarse for answers that take about one).
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
  const errorStatuses: Record<number, number> = {};
  const started = performance.now();
  const client = async () => {
    while (next < options.total && !options.until?.()) {
      const path = paths[next % paths.length] as string;
      next += 1;
      const t0 = performance.now();
      const status = await get(agent, `${origin}${path}`, options.headers);
      samples.push(performance.now() - t0);
      if (status !== 200) {
        errors += 1;
        errorStatuses[status] = (errorStatuses[status] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, client));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { latency: summarise(samples), requestsPerSecond: samples.length / seconds, errors, errorStatuses };
}

function get(agent: Agent, url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}
