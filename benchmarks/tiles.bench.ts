import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tilesOfBox, writeZagrebBasemap, ZAGREB_BOUNDS } from '@karta/pmtiles-fixture';
import { startBenchServer } from './lib/bench-server.ts';
import { type LoadResult, runLoad } from './lib/http-load.ts';
import { ms, seededRandom } from './lib/stats.ts';

export interface TileFigures {
  archiveKb: number;
  /** Tiles of the archive's box the clients ask for, at every zoom it holds. */
  tiles: number;
  loads: { clients: number; result: LoadResult }[];
}

/** How many clients ask at once: one map, a browser's connections to one server, a busy site. */
const CLIENTS = [1, 8, 32] as const;
const DEEPEST = 12;

/**
 * `GET /tiles/{z}/{x}/{y}.mvt` of the real server with BASEMAP=pmtiles on the test archive (the
 * Zagreb base map, zooms 0 to 12): random tiles of its box, asked as a browser asks (gzip
 * accepted), by 1, 8 and 32 clients at once. Figures only, never a pass or a fail.
 */
export async function benchTiles(): Promise<TileFigures> {
  const folder = mkdtempSync(join(tmpdir(), 'karta-bench-tiles-'));
  const archive = join(folder, 'zagreb.pmtiles');
  try {
    const bytes = await writeZagrebBasemap(archive);
    const server = await startBenchServer(join(folder, 'data'), {
      BASEMAP: 'pmtiles',
      BASEMAP_PMTILES: archive,
    });
    try {
      const all = Array.from({ length: DEEPEST + 1 }, (_, z) => tilesOfBox(ZAGREB_BOUNDS, z)).flat();
      const random = seededRandom(34);
      const paths = Array.from({ length: 5000 }, () => {
        const tile = all[Math.floor(random() * all.length)] ?? { z: 0, x: 0, y: 0 };
        return `/tiles/${tile.z}/${tile.x}/${tile.y}.mvt`;
      });
      const headers = { 'accept-encoding': 'gzip, deflate, br' };
      await runLoad(server.url, paths, { total: 500, concurrency: 4, headers }); // warm up
      const loads = [];
      for (const clients of CLIENTS) {
        loads.push({
          clients,
          result: await runLoad(server.url, paths, {
            total: clients === 1 ? 3000 : 10_000,
            concurrency: clients,
            headers,
          }),
        });
      }
      return { archiveKb: bytes / 1024, tiles: all.length, loads };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export function printTiles(figures: TileFigures): void {
  console.log(
    `\nBase map tiles (BASEMAP=pmtiles, the Zagreb test archive, ${figures.archiveKb.toFixed(1)} KB, ${figures.tiles} tiles, zooms 0–${DEEPEST})`,
  );
  for (const { clients, result } of figures.loads) {
    const { latency } = result;
    console.log(
      `  ${String(clients).padStart(2)} client${clients === 1 ? ' ' : 's'}: p50 ${ms(latency.median)}, p95 ${ms(latency.p95)}, p99 ${ms(latency.p99)}, ${result.requestsPerSecond.toFixed(0)} tiles/s` +
        (result.errors > 0 ? `, ${result.errors} not 200 (${JSON.stringify(result.errorStatuses)})` : ''),
    );
  }
}
