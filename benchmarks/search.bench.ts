import { formatLatLng, NEAR_RADII } from '@karta/contracts';
import { startBenchServer } from './lib/bench-server.ts';
import { type LoadResult, runLoad } from './lib/http-load.ts';
import { type BenchTarget, sharedSeededDatabase, targetLabel } from './lib/seeded-database.ts';
import { ms, seededRandom } from './lib/stats.ts';

/** One set of requests and how they answered. */
export interface SearchLoad {
  label: string;
  /** Places answered per request, on average (`total` across pages; suggestions: those given). */
  meanTotal: number;
  result: LoadResult;
}

export interface SearchFigures {
  target: BenchTarget;
  places: number;
  seedRowsPerSecond: number;
  loads: SearchLoad[];
}

const ZAGREB = { lat: 45.8, lng: 16.0 };

/**
 * What people type into the header: whole words of the demo's names and streets, with and
 * without diacritics (rare: one street; common: a category word a tenth of the places have), and
 * the first letters of a word as the type-ahead sends them.
 */
const RARE = ['tratinska', 'Gajeva ulica', 'jelacica', 'Šestine', 'vinogradska', 'zabok'];
const COMMON = ['ljekarna', 'sklonište', 'pharmacy', 'zagreb', 'shelter', 'skloniste'];
const TYPED = ['lje', 'ljek', 'skl', 'trat', 'gaje', 'jela', 'žel', 'pha', 'dri', 'ces'];
/**
 * Words misspelt (nothing matches as written, so the typo search answers: decision 016), of
 * common and of rare words, and letters written as two (`ue` for `ü`…, which match as written).
 */
const TYPOS = ['ljekrana', 'sklonitse', 'pharmcy', 'zagrbe', 'tratinsak', 'vinogradsak', 'jelacicca'];
/**
 * Address searches of the built-in geocoder: towns (GeoNames, in memory) and the demo's streets,
 * with and without a number, which it looks for among the published places' addresses.
 */
const ADDRESSES = ['Samobor', 'Velika Gorica', 'Ilica 12', 'Vlaška', 'tratinska 5', 'zagreb', 'Sesvete'];

/** Points within ~25 km of the demo centre, where the places are. */
function points(count: number, seed: number) {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => ({
    lat: ZAGREB.lat + (random() - 0.5) * 0.45,
    lng: ZAGREB.lng + (random() - 0.5) * 0.65,
  }));
}

async function load(origin: string, label: string, paths: string[], total: number): Promise<SearchLoad> {
  // The mean size of the answers, so a figure can be read against how much it found.
  // An answer other than 200 (a statement time-out at 1M, say) is counted by the load below.
  let found = 0;
  let answered = 0;
  for (const path of paths.slice(0, 50)) {
    const response = await fetch(`${origin}${path}`);
    const body = (await response.json()) as { total?: number; items?: unknown[] };
    if (!response.ok || !body.items) continue;
    found += body.total ?? body.items.length;
    answered += 1;
  }
  await runLoad(origin, paths, { total: Math.min(100, total), concurrency: 1 }); // warm up
  const result = await runLoad(origin, paths, { total, concurrency: 1 });
  return { label, meanTotal: found / Math.max(1, answered), result };
}

/** On the target's shared seeded database, the real server times `q`, `near` and `covers`, one client. */
export async function benchSearch(
  count: number,
  target: BenchTarget = { db: 'pglite', shape: 'zagreb' },
): Promise<SearchFigures> {
  const database = await sharedSeededDatabase(target, count);
  const { rowsPerSecond } = database;
  const server = await startBenchServer(database);
  const requests = count >= 1_000_000 ? 100 : 600;
  try {
    const q = (terms: string[], extra: string) =>
      terms.map((term) => `/api/v1/places?q=${encodeURIComponent(term)}${extra}`);
    const origin = `&origin=${formatLatLng(ZAGREB)}`;
    const near = points(500, 11).map(
      (p, i) => `/api/v1/places?near=${formatLatLng(p)}&radius=${NEAR_RADII[i % NEAR_RADII.length]}&limit=50`,
    );
    const covers = points(500, 12).map((p) => `/api/v1/places?covers=${formatLatLng(p)}&limit=50`);
    const suggestions = TYPED.map(
      (term) => `/api/v1/places/suggestions?q=${encodeURIComponent(term)}&limit=6${origin}`,
    );
    const loads = [
      await load(server.url, 'suggestions (3–4 letters, 6, origin)', suggestions, requests),
      await load(server.url, 'q, type-ahead (3–4 letters, limit 8)', q(TYPED, '&limit=8'), requests),
      await load(server.url, 'q, a rare word (limit 20, origin)', q(RARE, `&limit=20${origin}`), requests),
      await load(
        server.url,
        'q, a common word (limit 20, origin)',
        q(COMMON, `&limit=20${origin}`),
        requests,
      ),
      await load(
        server.url,
        'q, a misspelt word (limit 20, origin)',
        q(TYPOS, `&limit=20${origin}`),
        requests,
      ),
      await load(
        server.url,
        'q within a circle (5 km, limit 20)',
        [...COMMON, ...RARE].map(
          (term, i) =>
            `/api/v1/places?q=${encodeURIComponent(term)}&near=${formatLatLng(points(12, 13)[i] ?? ZAGREB)}&radius=5000&limit=20`,
        ),
        requests,
      ),
      await load(
        server.url,
        'geocode, built in (limit 5, near)',
        ADDRESSES.map((term) => `/api/v1/geocode?q=${encodeURIComponent(term)}&near=${formatLatLng(ZAGREB)}`),
        requests,
      ),
      await load(server.url, 'near, 250 m – 10 km (limit 50)', near, requests),
      await load(server.url, 'covers (limit 50)', covers, requests),
    ];
    return { target, places: count, seedRowsPerSecond: rowsPerSecond, loads };
  } finally {
    await server.stop();
  }
}

export function printSearch(f: SearchFigures): void {
  console.log(
    `  GET /api/v1/places search and proximity, ${f.places.toLocaleString('en')} published places (real server, ${targetLabel(f.target)}, loopback, 1 client)`,
  );
  console.log(`    seeding ${f.seedRowsPerSecond.toFixed(0)} rows/s`);
  for (const { label, meanTotal, result: r } of f.loads) {
    console.log(
      `    ${label.padEnd(38)} median ${ms(r.latency.median)}, p95 ${ms(r.latency.p95)}, p99 ${ms(r.latency.p99)}; ${meanTotal.toFixed(0)} matches on average${r.errors ? `, ${r.errors} errors` : ''}`,
    );
  }
}
