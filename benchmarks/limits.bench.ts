import pg from 'pg';
import { startThrowawayRedis } from '../apps/server/test/support/throwaway-redis.ts';
import { benchPostgres, databaseUrl } from './lib/bench-postgres.ts';
import { startBenchServer } from './lib/bench-server.ts';
import { type LoadResult, runLoad } from './lib/http-load.ts';
import type { SeededDatabase } from './lib/seeded-database.ts';
import { ms } from './lib/stats.ts';

/** One way of counting the limits, on the real server over PostgreSQL. */
interface StoreRun {
  label: string;
  loads: { clients: number; result: LoadResult }[];
}

export interface LimitFigures {
  runs: StoreRun[];
}

/** One client (the cost of a request alone) and 16 at once (the store under contention). */
const CLIENTS = [1, 16] as const;
const REQUESTS = 4000;
/** A cheap limited read on an empty map: what is measured is mostly the limit. */
const PATH = '/api/v1/map?bbox=15.9,45.75,16.1,45.85&zoom=12';

/**
 * What counting a limit costs a request with each RATE_LIMIT_STORE (docs/decisions/030): the real
 * server on an empty PostgreSQL database answering `GET /api/v1/map` (a bucket-limited read) with
 * the read limits off (`READ_RATE_LIMIT_SCALE=0`), then counted in memory, in the database and in
 * a throw-away Redis, the limits scaled so high that none refuses. Figures only.
 */
export async function benchLimits(): Promise<LimitFigures> {
  const cluster = await benchPostgres();
  const name = `karta_bench_limits_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const redis = await startThrowawayRedis();
  // An empty database: the server makes its tables at start, each run on the same ones.
  const empty: SeededDatabase = {
    target: { db: 'postgres', shape: 'zagreb' },
    places: 0,
    rowsPerSecond: 0,
    databaseUrl: databaseUrl(cluster, name),
  };
  const stores: { label: string; env: Record<string, string> }[] = [
    {
      label: 'off (READ_RATE_LIMIT_SCALE=0)',
      env: { RATE_LIMIT_STORE: 'memory', READ_RATE_LIMIT_SCALE: '0' },
    },
    { label: 'memory', env: { RATE_LIMIT_STORE: 'memory' } },
    { label: 'database (PostgreSQL)', env: { RATE_LIMIT_STORE: 'database' } },
    { label: 'redis', env: { RATE_LIMIT_STORE: 'redis', REDIS_URL: redis.url } },
  ];
  try {
    const runs: StoreRun[] = [];
    for (const store of stores) {
      const server = await startBenchServer(empty, { READ_RATE_LIMIT_SCALE: '1000', ...store.env });
      try {
        await runLoad(server.url, [PATH], { total: 2000, concurrency: 4 }); // warm up
        const loads = [];
        for (const clients of CLIENTS) {
          loads.push({
            clients,
            result: await runLoad(server.url, [PATH], { total: REQUESTS, concurrency: clients }),
          });
        }
        runs.push({ label: store.label, loads });
      } finally {
        await server.stop();
      }
    }
    return { runs };
  } finally {
    await redis.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

export function printLimits(figures: LimitFigures): void {
  console.log(
    `\nRate limit stores: GET /api/v1/map on an empty PostgreSQL database, ${REQUESTS} requests a run`,
  );
  const off = figures.runs[0];
  for (const run of figures.runs) {
    for (const { clients, result } of run.loads) {
      const { latency } = result;
      const base = off?.loads.find((load) => load.clients === clients)?.result.latency.median;
      const gap = base === undefined ? 0 : latency.median - base;
      const extra =
        base !== undefined && run !== off ? `, ${gap < 0 ? '-' : '+'}${ms(Math.abs(gap))} p50 over off` : '';
      console.log(
        `  ${run.label.padEnd(30)} ${String(clients).padStart(2)} client${clients === 1 ? ' ' : 's'}: ` +
          `${result.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(latency.median)}, p99 ${ms(latency.p99)}${extra}` +
          (result.errors > 0 ? `, ${result.errors} not 200 (${JSON.stringify(result.errorStatuses)})` : ''),
      );
    }
  }
}
