import { formatLatLng, NEAR_RADII } from '@karta/contracts';
import { startBenchServer } from './lib/bench-server.ts';
import { type LoadResult, runLoad } from './lib/http-load.ts';
import { type BenchTarget, sharedSeededDatabase, targetLabel } from './lib/seeded-database.ts';
import { seededRandom } from './lib/stats.ts';
import { generatePlaces } from './lib/world-places.ts';
import { loadLine } from './map-api.bench.ts';

const CLIENTS = 16;
/** A route whose answer is the same every time (see NearLoadFigures.constant). */
const CONSTANT_PATH = '/api/v1/config';

export interface NearLoadFigures {
  target: BenchTarget;
  places: number;
  /** Every spot asked once more: the places around them are kept (see firstPass). */
  result: LoadResult;
  /**
   * Every spot asked once, first, on a server just started: each page reads its places from the
   * database (nothing is kept yet), as a town's first questions after a start do.
   */
  firstPass: LoadResult;
  /**
   * For scale: the same server's constant answer (`GET /api/v1/config`, through the same route
   * code, answer check and compression) from as many clients: what this machine's HTTP path
   * gives a route that does nothing else.
   */
  constant: LoadResult;
}

/**
 * Where people ask "what is near me": beside places of the target's shape (so the questions
 * follow the data, dense where it is dense), within a few hundred metres of one.
 */
function nearPaths(target: BenchTarget, howMany: number): string[] {
  const random = seededRandom(21);
  return [...generatePlaces(target.shape, howMany, 99)].map((place, i) => {
    const point = { lat: place.lat + (random() - 0.5) * 0.006, lng: place.lng + (random() - 0.5) * 0.008 };
    return `/api/v1/places?near=${formatLatLng(point)}&radius=${NEAR_RADII[i % NEAR_RADII.length]}`;
  });
}

/**
 * The Near me page's request (`near` with one of the radii it offers, its default page) from 16
 * clients at once over keep-alive connections, on the shared seeded database.
 */
export async function benchNearLoad(target: BenchTarget, count: number): Promise<NearLoadFigures> {
  const database = await sharedSeededDatabase(target, count);
  const server = await startBenchServer(database);
  try {
    const paths = nearPaths(target, 600);
    const firstPass = await runLoad(server.url, paths, { total: paths.length, concurrency: CLIENTS });
    // A server answering a town's Near me keeps the places around its spots (kept-by-place.ts):
    // a spot asked again within seconds is answered from memory.
    const result = await runLoad(server.url, paths, { total: 4000, concurrency: CLIENTS });
    await runLoad(server.url, [CONSTANT_PATH], { total: 500, concurrency: CLIENTS }); // warm up
    const constant = await runLoad(server.url, [CONSTANT_PATH], { total: 4000, concurrency: CLIENTS });
    return { target, places: count, result, firstPass, constant };
  } finally {
    await server.stop();
  }
}

export function printNearLoad(f: NearLoadFigures): void {
  console.log(
    `  Near me under load, ${f.places.toLocaleString('en')} published places (real server, ${targetLabel(f.target)}, ${CLIENTS} clients)`,
  );
  console.log(loadLine('near, 250 m – 10 km, first pass (nothing kept)', f.firstPass));
  console.log(loadLine('near, 250 m – 10 km', f.result));
  console.log(loadLine('for scale, a constant answer (config)', f.constant));
}
