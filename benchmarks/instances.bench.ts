import { type BenchServer, startBenchServer } from './lib/bench-server.ts';
import { type LoadResult, runLoad } from './lib/http-load.ts';
import { type BenchTarget, sharedSeededDatabase } from './lib/seeded-database.ts';
import { ms } from './lib/stats.ts';
import { mapPaths } from './map-api.bench.ts';

/** Map reads from 16 clients in all, spread evenly over the instances. */
const CLIENTS = 16;
const REQUESTS = 8000;

export interface InstancesFigures {
  places: number;
  runs: {
    instances: number;
    requestsPerSecond: number;
    worstP95: number;
    worstP99: number;
    errors: number;
  }[];
}

/**
 * One and three Karta processes on one seeded PostgreSQL database (README, "Running several
 * instances"), each with its own map index and the rate limits counted in the database, answering
 * `GET /api/v1/map` from 16 clients in all. On one machine the instances share its cores, so the
 * figure is what several instances cost each other there, not what more machines would add.
 */
export async function benchInstances(count: number): Promise<InstancesFigures> {
  const target: BenchTarget = { db: 'postgres', shape: 'zagreb' };
  const database = await sharedSeededDatabase(target, count);
  const paths = mapPaths(target);
  const runs: InstancesFigures['runs'] = [];
  for (const instances of [1, 3]) {
    const servers: BenchServer[] = [];
    try {
      // The read limits stay on at a scale no client reaches: what is measured includes counting them.
      const env = { RATE_LIMIT_STORE: 'database', READ_RATE_LIMIT_SCALE: '1000' };
      for (let i = 0; i < instances; i += 1) servers.push(await startBenchServer(database, env));
      const share = Math.round(CLIENTS / instances);
      await Promise.all(
        servers.map((server) => runLoad(server.url, paths, { total: 500, concurrency: share })),
      );
      const started = performance.now();
      const loads: LoadResult[] = await Promise.all(
        servers.map((server) =>
          runLoad(server.url, paths, { total: Math.round(REQUESTS / instances), concurrency: share }),
        ),
      );
      const seconds = (performance.now() - started) / 1000;
      runs.push({
        instances,
        requestsPerSecond: REQUESTS / seconds,
        worstP95: Math.max(...loads.map((load) => load.latency.p95)),
        worstP99: Math.max(...loads.map((load) => load.latency.p99)),
        errors: loads.reduce((sum, load) => sum + load.errors, 0),
      });
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  }
  return { places: database.places, runs };
}

export function printInstances(figures: InstancesFigures): void {
  console.log(
    `\nSeveral instances on one PostgreSQL (${figures.places} places, GET /api/v1/map, ${CLIENTS} clients in all, limits counted in the database)`,
  );
  for (const run of figures.runs) {
    console.log(
      `  ${run.instances} instance${run.instances === 1 ? ' ' : 's'}: ${run.requestsPerSecond.toFixed(0)} req/s in all, ` +
        `worst p95 ${ms(run.worstP95)}, p99 ${ms(run.worstP99)}${run.errors > 0 ? `, ${run.errors} not 200` : ''}`,
    );
  }
}
