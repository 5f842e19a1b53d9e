import { ClusterIndex } from '@karta/map-core/clustering';
import { fromZonedTime } from 'date-fns-tz';
import { OpenHoursTracker } from '../apps/server/src/map-index/open-hours-tracker.ts';
import { startBenchServer } from './lib/bench-server.ts';
import { type LoadResult, runLoad } from './lib/http-load.ts';
import { indexedPlaces } from './lib/indexed-places.ts';
import { type BenchTarget, sharedSeededDatabase, targetLabel } from './lib/seeded-database.ts';
import { ms, summarise, type Timings } from './lib/stats.ts';
import { viewportsFor } from './lib/viewports.ts';
import { loadLine, mapPaths } from './map-api.bench.ts';

/** One minute at which places open or close, as the map index lives it. */
export interface MinuteFigures {
  /** Wall-clock time in Zagreb. */
  minute: string;
  openBefore: number;
  openAfter: number;
  /** Places that moved in or out of the open layers. */
  changed: number;
  /** Whether the index rebuilt its layers instead of moving them one by one. */
  rebuilt: boolean;
  /** Evaluating the keys whose state ended (opening_hours.js). */
  evaluateMs: number;
  /**
   * Handing the new open set to the index, in each of the server's two index workers (every
   * place's layers; the per-category layers), which do it at the same time: a query waits for one.
   */
  applyMs: { all: number; categories: number };
  /** Queries with `openNow` right after. */
  query: Timings;
}

export interface OpenNowFigures {
  target: BenchTarget;
  places: number;
  /** The same map views with and without `openNow=true` (one client). */
  map: { all: LoadResult; openNow: LoadResult };
  /** Near me (1 km, 20 nearest) with and without `openNow=true` (one client). */
  near: { all: LoadResult; openNow: LoadResult };
  minutes: MinuteFigures[];
}

/** Wall-clock minutes of a Wednesday and the Saturday after it in Zagreb at which the demo's hours change. */
const MINUTES = [
  '2026-11-25T06:59',
  '2026-11-25T07:00',
  '2026-11-25T08:00',
  '2026-11-25T16:00',
  '2026-11-25T20:00',
  '2026-11-28T07:00',
];

/** Loads the map and Near me with and without `openNow`, and lives the day's minutes in an index of the same places. */
export async function benchOpenNow(target: BenchTarget, count: number): Promise<OpenNowFigures> {
  const database = await sharedSeededDatabase(target, count);
  const server = await startBenchServer(database);
  let map: OpenNowFigures['map'];
  let near: OpenNowFigures['near'];
  try {
    const paths = mapPaths(target);
    const openPaths = paths.map((path) => `${path}&openNow=true`);
    const nearPaths = viewportsFor(target.shape, 300, 5).map((view) => {
      const lat = (view.bbox.south + view.bbox.north) / 2;
      const lng = (view.bbox.west + view.bbox.east) / 2;
      return `/api/v1/places?near=${lat.toFixed(5)},${lng.toFixed(5)}&radius=1000&limit=20`;
    });
    await runLoad(server.url, [...paths, ...openPaths], { total: 500, concurrency: 4 }); // warm up
    map = {
      all: await runLoad(server.url, paths, { total: 3000, concurrency: 1 }),
      openNow: await runLoad(server.url, openPaths, { total: 3000, concurrency: 1 }),
    };
    near = {
      all: await runLoad(server.url, nearPaths, { total: 600, concurrency: 1 }),
      openNow: await runLoad(
        server.url,
        nearPaths.map((path) => `${path}&openNow=true`),
        { total: 600, concurrency: 1 },
      ),
    };
  } finally {
    await server.stop();
  }
  return { target, places: count, map, near, minutes: liveTheDay(target, count) };
}

/**
 * The open-now layers of the map index over a day: the indexes of the target's places, with their
 * hours, handed the open set at each of MINUTES as the server's two workers do (one index holds
 * every place's layers, the other the per-category ones; here one after the other in this thread).
 */
function liveTheDay(target: BenchTarget, count: number): MinuteFigures[] {
  const instant = (minute: string) => fromZonedTime(`${minute}:00`, 'Europe/Zagreb').getTime();
  // The default deployment's settings, whose zone MINUTES are given in.
  const hours = new OpenHoursTracker({ timeZone: 'Europe/Zagreb', country: 'hr' });
  const first = instant(MINUTES[0] as string);
  const places = indexedPlaces(target.shape, count, (openingHours) => hours.idOf(openingHours, first));
  const index = ClusterIndex.build(places, { scope: 'all' });
  const byCategory = ClusterIndex.build(places, { scope: 'categories' });
  hours.takeChange();
  index.setOpenHours(hours.open);
  byCategory.setOpenHours(hours.open);
  const views = viewportsFor(target.shape, 1000, 9);
  const openCount = () => places.filter((p) => p.hoursId !== undefined && hours.open.has(p.hoursId)).length;

  const figures: MinuteFigures[] = [];
  for (const minute of MINUTES.slice(1)) {
    const openBefore = openCount();
    const t0 = performance.now();
    hours.advance(instant(minute));
    hours.takeChange();
    const t1 = performance.now();
    const { changed, rebuilt } = index.setOpenHours(hours.open);
    const t2 = performance.now();
    byCategory.setOpenHours(hours.open);
    const t3 = performance.now();
    const query = summarise(
      views.map((view) => {
        const started = performance.now();
        index.query({ ...view, lang: 'hr', openNow: true });
        return performance.now() - started;
      }),
    );
    figures.push({
      minute,
      openBefore,
      openAfter: openCount(),
      changed,
      rebuilt,
      evaluateMs: t1 - t0,
      applyMs: { all: t2 - t1, categories: t3 - t2 },
      query,
    });
  }
  return figures;
}

export function printOpenNow(f: OpenNowFigures): void {
  console.log(
    `  open now, ${f.places.toLocaleString('en')} published places (real server, ${targetLabel(f.target)}, loopback)`,
  );
  console.log(loadLine('map, every place     ', f.map.all));
  console.log(loadLine('map, openNow=true    ', f.map.openNow));
  console.log(loadLine('near 1 km            ', f.near.all));
  console.log(loadLine('near 1 km, openNow   ', f.near.openNow));
  console.log('    the map index through the day (in-process, same places):');
  for (const m of f.minutes) {
    console.log(
      `      ${m.minute.replace('T', ' ')}: open ${m.openBefore.toLocaleString('en')} → ${m.openAfter.toLocaleString('en')}, ` +
        `${m.changed.toLocaleString('en')} moved${m.rebuilt ? ' (layers rebuilt)' : ''}; ` +
        `keys ${ms(m.evaluateMs)}, index ${ms(m.applyMs.all)} (every place) / ${ms(m.applyMs.categories)} (by category); ` +
        `openNow query p95 ${ms(m.query.p95)}`,
    );
  }
}
