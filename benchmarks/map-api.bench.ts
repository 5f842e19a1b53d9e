import { formatBbox } from '@karta/contracts';
import { startBenchServer } from './lib/bench-server.ts';
import { type LoadResult, runLoad } from './lib/http-load.ts';
import { sharedSeededFolder } from './lib/seed-folder.ts';
import { ms } from './lib/stats.ts';
import { zagrebViewports } from './lib/viewports.ts';

export interface MapApiFigures {
  places: number;
  seedRowsPerSecond: number;
  index: { loadMs: number; buildMs: number; totalMs: number };
  serverRssMb: number;
  sequential: LoadResult;
  concurrent: LoadResult;
}

/** Seeds a PGlite folder, starts the real server on it and loads `GET /api/v1/map` on loopback. */
export async function benchMapApi(count: number): Promise<MapApiFigures> {
  const { dataDir, rowsPerSecond } = await sharedSeededFolder(count);
  const server = await startBenchServer(dataDir);
  try {
    const paths = zagrebViewports(1000).map(
      (v, i) =>
        `/api/v1/map?bbox=${formatBbox(v.bbox)}&zoom=${v.zoom}${i % 4 === 3 ? '&category=pharmacy,shelter' : ''}&lang=hr`,
    );
    await runLoad(server.url, paths, { total: 500, concurrency: 4 }); // warm up
    const sequential = await runLoad(server.url, paths, { total: 3000, concurrency: 1 });
    const concurrent = await runLoad(server.url, paths, { total: 10_000, concurrency: 16 });
    return {
      places: count,
      seedRowsPerSecond: rowsPerSecond,
      index: server.index,
      serverRssMb: server.rssMb(),
      sequential,
      concurrent,
    };
  } finally {
    await server.stop();
  }
}

export function printMapApi(f: MapApiFigures): void {
  const line = (label: string, r: LoadResult) =>
    `    ${label} median ${ms(r.latency.median)}, p95 ${ms(r.latency.p95)}, p99 ${ms(r.latency.p99)}, ${r.requestsPerSecond.toFixed(0)} req/s${r.errors ? `, ${r.errors} errors` : ''}`;
  console.log(
    `  GET /api/v1/map, ${f.places.toLocaleString('en')} published places (real server, PGlite, loopback)`,
  );
  console.log(`    seeding ${f.seedRowsPerSecond.toFixed(0)} rows/s`);
  console.log(
    `    index: load ${ms(f.index.loadMs)}, build ${ms(f.index.buildMs)} (two worker threads at once), total ${ms(f.index.totalMs)}; server RSS ${f.serverRssMb.toFixed(0)} MB`,
  );
  console.log(line('1 client  ', f.sequential));
  console.log(line('16 clients', f.concurrent));
}
