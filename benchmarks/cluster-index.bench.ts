import { ClusterIndex, type IndexedPlace } from '@karta/map-core/clustering';
import { generateDemoPlaces } from '../apps/server/src/demo-data/generate.ts';
import { ms, summarise, type Timings } from './lib/stats.ts';
import { zagrebViewports } from './lib/viewports.ts';

export interface ClusterIndexFigures {
  places: number;
  buildMs: number;
  heapMb: number;
  query: Timings;
  filteredQuery: Timings;
}

/** Builds the clustering index of `count` demo places in this thread and times viewport queries. */
export async function benchClusterIndex(count: number): Promise<ClusterIndexFigures> {
  const places: IndexedPlace[] = [];
  let id = 0;
  for (const place of generateDemoPlaces(count)) {
    id += 1;
    places.push({
      id,
      lat: place.lat,
      lng: place.lng,
      category: place.category,
      name: place.name,
      primaryLanguage: place.primaryLanguage,
      radius: place.radius,
      locationPrivacy: place.locationPrivacy,
    });
  }
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const index = ClusterIndex.build(places);
  const buildMs = performance.now() - started;
  global.gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;

  const viewports = zagrebViewports(2000);
  const time = (categories?: string[]) =>
    summarise(
      viewports.map((viewport) => {
        const t0 = performance.now();
        index.query({ ...viewport, categories, lang: 'hr' });
        return performance.now() - t0;
      }),
    );
  time(); // warm up the JIT
  return {
    places: count,
    buildMs,
    heapMb,
    query: time(),
    filteredQuery: time(['pharmacy', 'defibrillator', 'shelter']),
  };
}

export function printClusterIndex(f: ClusterIndexFigures): void {
  console.log(`  clustering index, ${f.places.toLocaleString('en')} places (in-process)`);
  console.log(`    build ${ms(f.buildMs)}, index heap ≈ ${f.heapMb.toFixed(0)} MB`);
  console.log(
    `    query (all)        median ${ms(f.query.median)}, p95 ${ms(f.query.p95)}, p99 ${ms(f.query.p99)}`,
  );
  console.log(
    `    query (3 categories) median ${ms(f.filteredQuery.median)}, p95 ${ms(f.filteredQuery.p95)}, p99 ${ms(f.filteredQuery.p99)}`,
  );
}
