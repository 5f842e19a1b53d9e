import { availableParallelism } from 'node:os';
import { formatBbox } from '@karta/contracts';
import { type IndexFigures, startBenchServer } from './lib/bench-server.ts';
import { type LoadResult, runLoad } from './lib/http-load.ts';
import { type BenchTarget, sharedSeededDatabase, targetLabel } from './lib/seeded-database.ts';
import { ms } from './lib/stats.ts';
import { viewportsFor } from './lib/viewports.ts';

export interface MapApiFigures {
  target: BenchTarget;
  places: number;
  seedRowsPerSecond: number;
  index: IndexFigures;
  /** The server's RSS once the loads are done. */
  serverRssMb: number;
  /** The server's RSS along the way: once the index is built, then after each load. */
  rssSteps: { step: string; mb: number }[];
  sequential: LoadResult;
  /**
   * One client over views none asked before: each answer compressed anew, where the loads above
   * cycle through 1 000 views and so meet the compressed forms the server keeps.
   */
  firstViews: LoadResult;
  concurrent: LoadResult;
  /** One client, every viewport with a two-field filter on the demo defibrillators' values. */
  filtered: LoadResult;
  /** `GET /api/v1/places` of the same viewports and filter, one client. */
  filteredList: LoadResult;
  /** One client, every viewport with a search (`q`, SEARCHED_WORDS in turn): the map of its matches. */
  searched: LoadResult;
  /** The 16-client rate over the machine's cores (the load generator runs on them too). */
  requestsPerSecondPerCore: number;
}

/** `GET /api/v1/map` paths over the target's data: a quarter of them with a two-category filter. */
export function mapPaths(target: BenchTarget, count = 1000, seed = 7): string[] {
  return viewportsFor(target.shape, count, seed).map(
    (v, i) =>
      `/api/v1/map?bbox=${formatBbox(v.bbox)}&zoom=${v.zoom}${i % 4 === 3 ? '&category=pharmacy,shelter' : ''}&lang=hr`,
  );
}

/**
 * A two-field filter on the demo fields (demo-data/fields.ts): defibrillators open to the public
 * and indoors, about a tenth of them.
 */
const FIELD_FILTER = 'f.access=yes&f.indoor=true';

/** The map paths of `mapPaths`' viewports, each with the two-field filter (and no category). */
export function filteredMapPaths(target: BenchTarget, count = 1000, seed = 7): string[] {
  return viewportsFor(target.shape, count, seed).map(
    (v) => `/api/v1/map?bbox=${formatBbox(v.bbox)}&zoom=${v.zoom}&${FIELD_FILTER}&lang=hr`,
  );
}

/** Words a search on the map asks for in turn: common (a tenth of the places) and rare, with and without diacritics. */
const SEARCHED_WORDS = ['ljekarna', 'skloniste', 'zagreb', 'tratinska', 'jelacica', 'Šestine'];

/** The map paths of `mapPaths`' viewports, each with a search. */
function searchedMapPaths(target: BenchTarget, count = 1000, seed = 7): string[] {
  return viewportsFor(target.shape, count, seed).map(
    (v, i) =>
      `/api/v1/map?bbox=${formatBbox(v.bbox)}&zoom=${v.zoom}&q=${encodeURIComponent(SEARCHED_WORDS[i % SEARCHED_WORDS.length] as string)}&lang=hr`,
  );
}

/** The list of the same viewports and filter: what the filter panel counts and the list shows. */
function filteredListPaths(target: BenchTarget, count = 300, seed = 11): string[] {
  return viewportsFor(target.shape, count, seed).map(
    (v) => `/api/v1/places?bbox=${formatBbox(v.bbox)}&${FIELD_FILTER}&limit=20`,
  );
}

/** Starts the real server on the shared seeded database and loads `GET /api/v1/map` on loopback. */
export async function benchMapApi(target: BenchTarget, count: number): Promise<MapApiFigures> {
  const database = await sharedSeededDatabase(target, count);
  const server = await startBenchServer(database);
  const rssSteps = [{ step: 'index built', mb: server.rssMb() }];
  const noteRss = (step: string) => rssSteps.push({ step, mb: server.rssMb() });
  try {
    const paths = mapPaths(target);
    await runLoad(server.url, paths, { total: 500, concurrency: 4 }); // warm up
    const sequential = await runLoad(server.url, paths, { total: 3000, concurrency: 1 });
    const firstViews = await runLoad(server.url, mapPaths(target, 3000, 99), { total: 3000, concurrency: 1 });
    const concurrent = await runLoad(server.url, paths, { total: 10_000, concurrency: 16 });
    noteRss('map loads');
    // The index builds a filter's layers on its first query: a user panning a filtered map.
    const filteredPaths = filteredMapPaths(target);
    await runLoad(server.url, filteredPaths, { total: 200, concurrency: 1 });
    const filtered = await runLoad(server.url, filteredPaths, { total: 3000, concurrency: 1 });
    noteRss('filtered map');
    const listPaths = filteredListPaths(target);
    await runLoad(server.url, listPaths, { total: 50, concurrency: 1 });
    const filteredList = await runLoad(server.url, listPaths, { total: 600, concurrency: 1 });
    noteRss('filtered lists');
    const searched = await runLoad(server.url, searchedMapPaths(target), { total: 3000, concurrency: 1 });
    noteRss('maps of searches');
    return {
      target,
      places: count,
      seedRowsPerSecond: database.rowsPerSecond,
      index: server.index,
      serverRssMb: server.rssMb(),
      rssSteps,
      sequential,
      firstViews,
      concurrent,
      filtered,
      filteredList,
      searched,
      requestsPerSecondPerCore: concurrent.requestsPerSecond / availableParallelism(),
    };
  } finally {
    await server.stop();
  }
}

export function loadLine(label: string, r: LoadResult): string {
  const errors = r.errors ? `, ${r.errors} errors (${JSON.stringify(r.errorStatuses)})` : '';
  const generator = `load generator ${ms(r.generator.cpuMsPerRequest)} CPU each, ${r.generator.cores.toFixed(2)} core`;
  return `    ${label} median ${ms(r.latency.median)}, p95 ${ms(r.latency.p95)}, p99 ${ms(r.latency.p99)}, ${r.requestsPerSecond.toFixed(0)} req/s, ${r.bytesPerAnswer.toFixed(0)} B each${errors}; ${generator}`;
}

export function printMapApi(f: MapApiFigures): void {
  console.log(
    `  GET /api/v1/map, ${f.places.toLocaleString('en')} published places (real server, ${targetLabel(f.target)}, loopback)`,
  );
  console.log(`    seeding ${f.seedRowsPerSecond.toFixed(0)} rows/s`);
  console.log(
    `    index: load ${ms(f.index.loadMs)}, build ${ms(f.index.buildMs)}, total ${ms(f.index.totalMs)}; server RSS after the loads ${f.serverRssMb.toFixed(0)} MB`,
  );
  console.log(loadLine('1 client  ', f.sequential));
  console.log(loadLine('1 client, views not asked before', f.firstViews));
  const serverCores = availableParallelism() - f.concurrent.generator.cores;
  console.log(
    `${loadLine('16 clients', f.concurrent)} (${f.requestsPerSecondPerCore.toFixed(0)} per core; ${(f.concurrent.requestsPerSecond / serverCores).toFixed(0)} per core the generator left)`,
  );
  console.log(loadLine(`1 client, ${FIELD_FILTER}`, f.filtered));
  console.log(loadLine('the list of that filter, 1 client', f.filteredList));
  console.log(loadLine('1 client, a search on the map (q)', f.searched));
  console.log(
    `    server RSS: ${f.rssSteps.map(({ step, mb }) => `${step} ${mb.toFixed(0)} MB`).join(', ')}`,
  );
}
