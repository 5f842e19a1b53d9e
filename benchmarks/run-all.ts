/**
 * `npm run bench`: prints figures and a goals table, never passes or fails on time. Sizes and
 * filters from the command line, e.g. `npm run bench -- 20000 --only=map,change --db=postgres`
 * (default: every bench at 100 000 and 1 000 000 places, on PGlite and PostgreSQL, both shapes).
 */
import { benchChangeVisibility, printChangeVisibility } from './change-visibility.bench.ts';
import { benchClusterIndex, printClusterIndex } from './cluster-index.bench.ts';
import { benchFeeds, printFeeds } from './feeds.bench.ts';
import { benchImportExport, filteredExportGrowth, printImportExport } from './import-export.bench.ts';
import { benchInstances, printInstances } from './instances.bench.ts';
import { parseBenchOptions } from './lib/bench-options.ts';
import { stopBenchPostgres } from './lib/bench-postgres.ts';
import { printGoals, recordGoal } from './lib/goals.ts';
import type { LoadResult } from './lib/http-load.ts';
import { type BenchTarget, removeSeededDatabases } from './lib/seeded-database.ts';
import { benchLighthouse, printLighthouse } from './lighthouse.bench.ts';
import { benchLimits, printLimits } from './limits.bench.ts';
import { benchMapApi, printMapApi } from './map-api.bench.ts';
import { benchNearLoad, printNearLoad } from './near-load.bench.ts';
import { benchOffline, printOffline } from './offline.bench.ts';
import { benchOfflinePack, printOfflinePack } from './offline-pack.bench.ts';
import { benchOpenNow, printOpenNow } from './open-now.bench.ts';
import { benchPackLoad, printPackLoad } from './pack-load.bench.ts';
import { benchPhotoUploads, printPhotoUploads } from './photo-uploads.bench.ts';
import { benchSearch, printSearch } from './search.bench.ts';
import { benchSearchQuality, printSearchQuality } from './search-quality.bench.ts';
import { benchTiles, printTiles } from './tiles.bench.ts';
import { benchWeb, benchWebWithOwnBasemap, printWeb } from './web.bench.ts';

const options = (() => {
  try {
    return parseBenchOptions(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
})();
const runs = (name: (typeof options.only)[number]) => options.only.includes(name);
const targets: BenchTarget[] = options.dbs.flatMap((db) => options.shapes.map((shape) => ({ db, shape })));
/** The import adds `min(size, 100 000)` rows, at the first size only (it is the slowest bench). */
const IMPORT_ROWS_MAX = 100_000;

const failures = (load: LoadResult) => ({ errorShare: load.errors / Math.max(1, load.latency.count) });

/** Runs every chosen bench on one database and data shape at one size, noting goal figures. */
async function benchTarget(target: BenchTarget, count: number, first: boolean): Promise<void> {
  if (runs('map')) {
    const map = await benchMapApi(target, count);
    printMapApi(map);
    recordGoal('mapP95One', target, count, map.sequential.latency.p95, failures(map.sequential));
    recordGoal('mapP95Sixteen', target, count, map.concurrent.latency.p95, failures(map.concurrent));
    recordGoal('mapPerCore', target, count, map.requestsPerSecondPerCore, failures(map.concurrent));
    recordGoal('mapFilterP95', target, count, map.filtered.latency.p95, {
      ...failures(map.filtered),
      reference: map.sequential.latency.p95,
    });
    recordGoal('listFilterP95', target, count, map.filteredList.latency.p95, failures(map.filteredList));
    recordGoal('mapSearchP95', target, count, map.searched.latency.p95, {
      ...failures(map.searched),
      reference: map.sequential.latency.p95,
    });
    recordGoal('indexBuild', target, count, map.index.buildMs);
    recordGoal('serverRss', target, count, map.serverRssMb);
  }
  if (runs('near')) {
    const near = await benchNearLoad(target, count);
    printNearLoad(near);
    recordGoal('nearLoadRate', target, count, near.result.requestsPerSecond, failures(near.result));
    recordGoal('nearLoadP99', target, count, near.result.latency.p99, failures(near.result));
  }
  if (runs('change')) {
    for (const instances of target.db === 'postgres' ? ([1, 2] as const) : ([1] as const)) {
      const change = await benchChangeVisibility(target, count, instances);
      printChangeVisibility(change);
      // A change never seen counts as slower than any seen: no p95 while more than 5% are missing.
      const p95 =
        change.visible >= change.changes * 0.95 ? change.changeToVisible.p95 : Number.POSITIVE_INFINITY;
      recordGoal(instances === 2 ? 'changeVisibleAcross' : 'changeVisible', target, count, p95);
      if (instances === 1) {
        recordGoal('changeMapP95', target, count, change.mapDuringChanges.latency.p95, {
          reference: change.mapQuiet.latency.p95,
          errorShare: failures(change.mapDuringChanges).errorShare,
        });
      }
    }
  }
  if (runs('import')) {
    const figures = await benchImportExport(target, count, first ? Math.min(count, IMPORT_ROWS_MAX) : 0);
    printImportExport(figures);
    const realRun = figures.imports.find((run) => !run.dryRun && run.status === 200);
    if (realRun) {
      const { reads, healthChecks, healthNot200 } = realRun.meanwhile;
      recordGoal('importRate', target, count, realRun.rows / (realRun.ms / 1000));
      recordGoal('importReadsP95', target, count, reads.latency.p95, failures(reads));
      recordGoal(
        'importHealth',
        target,
        count,
        (100 * (healthChecks - healthNot200)) / Math.max(1, healthChecks),
      );
    }
    const growth = filteredExportGrowth(figures);
    if (growth !== undefined) recordGoal('exportLinear', target, count, growth);
  }
  if (runs('photos')) {
    const photos = await benchPhotoUploads(target, count);
    printPhotoUploads(photos);
    recordGoal('uploadMapP95', target, count, photos.mapDuringUploads.latency.p95, {
      reference: photos.mapQuiet.latency.p95,
      errorShare: failures(photos.mapDuringUploads).errorShare,
    });
  }
  if (runs('open')) {
    const open = await benchOpenNow(target, count);
    printOpenNow(open);
    recordGoal('openMapP95', target, count, open.map.openNow.latency.p95, {
      reference: open.map.all.latency.p95,
      errorShare: failures(open.map.openNow).errorShare,
    });
    // The two index workers apply the minute at the same time: a query waits for the slower.
    const worstMinute = Math.max(
      ...open.minutes.map((m) => m.evaluateMs + Math.max(m.applyMs.all, m.applyMs.categories)),
    );
    recordGoal('openMinute', target, count, worstMinute);
  }
  if (runs('feeds')) printFeeds(await benchFeeds(target, count));
  if (runs('offline-pack')) printOfflinePack(await benchOfflinePack(target, count));
  if (runs('pack-load')) printPackLoad(await benchPackLoad(target, count));
  // Offline use in Chromium: on one database (the first chosen, PGlite by default) per shape.
  if (runs('offline') && target.db === options.dbs[0]) {
    const offline = await benchOffline(target, count);
    if (offline) printOffline(offline);
  }
  if (runs('search')) {
    const search = await benchSearch(count, target);
    printSearch(search);
    const worst = (prefix: string) => {
      const loads = search.loads.filter((l) => l.label.startsWith(prefix)).map((l) => l.result);
      const errors = loads.reduce((sum, r) => sum + r.errors, 0);
      const requests = loads.reduce((sum, r) => sum + r.latency.count, 0);
      return [
        Math.max(...loads.map((r) => r.latency.p95)),
        { errorShare: errors / Math.max(1, requests) },
      ] as const;
    };
    recordGoal('suggestionsP95', target, count, ...worst('suggestions'));
    recordGoal('searchP95', target, count, ...worst('q,'));
    recordGoal('nearP95', target, count, ...worst('near'));
    recordGoal('coversP95', target, count, ...worst('covers'));
  }
}

// Ctrl-C or a kill: exit, so the exit hooks stop the servers and the cluster and remove the folders.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

console.log(`Karta benchmarks — ${new Date().toISOString()}, Node ${process.version}`);
try {
  for (const [index, count] of options.sizes.entries()) {
    if (runs('cluster')) {
      const cluster = await benchClusterIndex(count, options.shapes);
      printClusterIndex(cluster);
      // In-process: no database, so the figures sit in the first database's columns.
      for (const shape of cluster.shapes) {
        const target = { db: options.dbs[0] ?? 'pglite', shape: shape.shape } as const;
        recordGoal('clusterValueFilterP95', target, count, shape.valueQuery.p95, {
          reference: shape.query.p95,
        });
        recordGoal('clusterIndexMb', target, count, shape.indexMb);
      }
    }
    for (const target of targets) await benchTarget(target, count, index === 0);
    // A size's databases are dropped before the next size is seeded (a million places take GBs).
    await removeSeededDatabases();
  }
  // Search quality does not depend on size or data shape: once, on all 135 000 real city names.
  if (runs('search')) {
    const quality = await benchSearchQuality();
    printSearchQuality(quality);
    const hits = Math.min(quality.listHits, quality.suggestionHits);
    recordGoal(
      'searchHitRate',
      { db: 'pglite', shape: 'world' },
      quality.cities,
      (100 * hits) / quality.cases,
    );
  }
  if (runs('web')) {
    const web = await benchWeb();
    if (web) {
      printWeb(web);
      const demo = { db: 'pglite', shape: 'zagreb' } as const;
      recordGoal('firstViewKb', demo, 2400, web.jsGzipKb + web.cssGzipKb);
      recordGoal('firstCluster', demo, 2400, web.firstClusterCold);
    }
    const ownBasemap = await benchWebWithOwnBasemap();
    if (ownBasemap) printWeb(ownBasemap, 'demo data, its own base map (BASEMAP=pmtiles)');
  }
  // The base map's tiles do not depend on the places: once, on the test archive.
  if (runs('tiles')) printTiles(await benchTiles());
  // What counting a limit costs a request in each store: once, on an empty PostgreSQL database.
  if (runs('limits')) printLimits(await benchLimits());
  // One and three processes on one PostgreSQL database: at the first size.
  if (runs('instances') && options.dbs.includes('postgres'))
    printInstances(await benchInstances(options.sizes[0] ?? 100_000));
  if (runs('lighthouse')) {
    const lighthouse = await benchLighthouse();
    if (lighthouse) {
      printLighthouse(lighthouse);
      const scores = lighthouse.runs.map((run) => run.score).sort((a, b) => a - b);
      const median = scores[Math.floor(scores.length / 2)] ?? Number.NaN;
      recordGoal('lighthouse', { db: 'pglite', shape: 'zagreb' }, 2400, median);
    }
  }
} finally {
  await removeSeededDatabases();
  await stopBenchPostgres();
}
printGoals();
