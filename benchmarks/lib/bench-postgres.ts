import {
  startThrowawayPostgres,
  type ThrowawayPostgres,
  whyNoThrowawayPostgres,
} from '../../apps/server/test/support/throwaway-postgres.ts';

let cluster: Promise<ThrowawayPostgres> | undefined;

/**
 * The run's throw-away PostgreSQL 15 cluster (the test suite's own helper), started on first use
 * and stopped by {@link stopBenchPostgres} or, should the run die, when the process exits. Unlike
 * the tests' cluster, writes are made durable (fsync and synchronous commit on), so write rates
 * are those of a real deployment on this disk. Each seeded data set is a database of its own.
 */
export function benchPostgres(): Promise<ThrowawayPostgres> {
  if (!cluster) {
    const missing = whyNoThrowawayPostgres();
    if (missing) throw new Error(`cannot start PostgreSQL for the benchmarks: ${missing}`);
    cluster = startThrowawayPostgres(['fsync=on', 'synchronous_commit=on']);
    cluster.then(
      (started) => process.once('exit', () => started.stop()),
      () => undefined,
    );
  }
  return cluster;
}

export async function stopBenchPostgres(): Promise<void> {
  const started = await cluster?.catch(() => undefined);
  cluster = undefined;
  started?.stop();
}

/** The cluster's URL for database `name` instead of `postgres`. */
export function databaseUrl(cluster: ThrowawayPostgres, name: string): string {
  const url = new URL(cluster.url);
  url.pathname = `/${name}`;
  return url.toString();
}
