import { formatLatLng } from '@karta/contracts';
import { openDatabase } from '../apps/server/src/db/open-database.ts';
import { DEMO_CATEGORIES } from '../apps/server/src/demo-data/categories.ts';
import { startBenchServer } from './lib/bench-server.ts';
import { type LoadResult, runLoad } from './lib/http-load.ts';
import {
  type BenchTarget,
  copyOfSeededDatabase,
  removeSeededDatabase,
  targetLabel,
} from './lib/seeded-database.ts';
import { ms, seededRandom } from './lib/stats.ts';
import { viewportsFor } from './lib/viewports.ts';
import { loadLine } from './map-api.bench.ts';

/** Recent edits written after every place's creation: one a minute, on places drawn at random. */
const RECENT_EDITS = 20_000;

export interface FeedLoad {
  label: string;
  /** Entries per feed, on average (at most 50). */
  meanEntries: number;
  result: LoadResult;
}

export interface FeedFigures {
  target: BenchTarget;
  places: number;
  historyRows: number;
  /** Writing the history (a `created` entry per place, then the recent edits). */
  historySeconds: number;
  loads: FeedLoad[];
}

const ZAGREB = { lat: 45.8, lng: 16.0 };

/** Points within ~25 km of the demo centre, where the places are (and 30% of the world shape's). */
function points(count: number, seed: number) {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => ({
    lat: ZAGREB.lat + (random() - 0.5) * 0.45,
    lng: ZAGREB.lng + (random() - 0.5) * 0.65,
  }));
}

const bbox = (b: { west: number; south: number; east: number; north: number }) =>
  [b.west, b.south, b.east, b.north].map((v) => v.toFixed(5)).join(',');

/**
 * History like a site's that imported every place as published and has been edited since: a
 * `created` entry per place at its publication, then {@link RECENT_EDITS} edits of random places,
 * one a minute after it (so each is a public change). Written straight into the copy's table.
 */
async function writeHistory(database: { dataDir?: string; databaseUrl?: string }, places: number) {
  const db = await openDatabase({
    databaseUrl: database.databaseUrl ?? null,
    dataDir: database.dataDir ?? '',
    statementTimeoutMs: 0,
  });
  try {
    await db.query(
      `INSERT INTO place_history (place_id, version, action, changes, created_at)
       SELECT id, 1, 'created', '{}', published_at FROM places ORDER BY id`,
    );
    await db.query(
      `INSERT INTO place_history (place_id, version, action, changes, created_at)
       SELECT (SELECT min(id) FROM places) + floor(random() * $1)::int8, 2, 'edited', '{"address": {}}',
         (SELECT max(published_at) FROM places) + make_interval(mins => n)
       FROM generate_series(1, $2::int) AS n`,
      [places, RECENT_EDITS],
    );
    await db.query('ANALYZE place_history');
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM place_history');
    return rows[0]?.n ?? 0;
  } finally {
    await db.close();
  }
}

/** Loads each set of feed URLs with one client (a feed reader polls; it does not hammer). */
async function load(origin: string, label: string, paths: string[], total: number): Promise<FeedLoad> {
  let entries = 0;
  let answered = 0;
  for (const path of paths.slice(0, 20)) {
    const response = await fetch(`${origin}${path}`);
    if (!response.ok) continue;
    entries += (await response.text()).split('<entry>').length - 1;
    answered += 1;
  }
  await runLoad(origin, paths, { total: Math.min(20, total), concurrency: 1 }); // warm up
  const result = await runLoad(origin, paths, { total, concurrency: 1 });
  return { label, meanEntries: entries / Math.max(1, answered), result };
}

/**
 * `GET /api/v1/feeds/places.atom` on a copy of the target's seeded database with a history
 * written into it: the whole site, map views, streets, categories, `near`, `covers` and an empty
 * box, one client (the real server, loopback).
 */
export async function benchFeeds(target: BenchTarget, count: number): Promise<FeedFigures> {
  const database = await copyOfSeededDatabase(target, count);
  try {
    const started = performance.now();
    const historyRows = await writeHistory(database, count);
    const historySeconds = (performance.now() - started) / 1000;
    const server = await startBenchServer(database);
    const requests = count >= 1_000_000 ? 100 : 300;
    const feed = (query: string) => `/api/v1/feeds/places.atom${query}`;
    try {
      const streets = points(200, 21).map((p) =>
        feed(
          `?bbox=${bbox({ west: p.lng - 0.002, south: p.lat - 0.0015, east: p.lng + 0.002, north: p.lat + 0.0015 })}`,
        ),
      );
      const loads: FeedLoad[] = [];
      loads.push(await load(server.url, 'whole site       ', [feed('')], requests));
      loads.push(
        await load(
          server.url,
          'map views        ',
          viewportsFor(target.shape, 200, 5).map((view) => feed(`?bbox=${bbox(view.bbox)}`)),
          requests,
        ),
      );
      loads.push(await load(server.url, 'a street (300 m) ', streets, requests));
      loads.push(
        await load(
          server.url,
          'one category     ',
          DEMO_CATEGORIES.map((category) => feed(`?category=${category.slug}`)),
          requests,
        ),
      );
      loads.push(
        await load(
          server.url,
          'near 1 km        ',
          points(200, 22).map((p) => feed(`?near=${formatLatLng(p)}&radius=1000`)),
          requests,
        ),
      );
      loads.push(
        await load(
          server.url,
          'covers           ',
          points(200, 23).map((p) => feed(`?covers=${formatLatLng(p)}`)),
          requests,
        ),
      );
      loads.push(
        await load(server.url, 'empty box (ocean)', [feed('?bbox=-20,-40,-10,-30')], Math.min(100, requests)),
      );
      return { target, places: count, historyRows, historySeconds, loads };
    } finally {
      await server.stop();
    }
  } finally {
    await removeSeededDatabase(database);
  }
}

export function printFeeds(f: FeedFigures): void {
  console.log(
    `  GET /api/v1/feeds/places.atom, ${f.places.toLocaleString('en')} published places, ${f.historyRows.toLocaleString('en')} history entries (written in ${f.historySeconds.toFixed(0)} s; real server, ${targetLabel(f.target)}, loopback, one client)`,
  );
  for (const line of f.loads) {
    console.log(`${loadLine(line.label, line.result)}; ${line.meanEntries.toFixed(1)} entries`);
  }
  const worst = Math.max(...f.loads.map((line) => line.result.latency.p95));
  console.log(`    worst p95 ${ms(worst)}`);
}
