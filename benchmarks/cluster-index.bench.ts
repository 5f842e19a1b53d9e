import { ClusterIndex, type IndexedPlace } from '@karta/map-core/clustering';
import { indexedPlaces } from './lib/indexed-places.ts';
import { ms, seededRandom, summarise, type Timings } from './lib/stats.ts';
import { type BenchViewport, zagrebViewports } from './lib/viewports.ts';
import { DATA_SHAPES, type DataShape } from './lib/world-places.ts';

export interface ClusterShapeFigures {
  shape: DataShape;
  places: number;
  buildMs: number;
  /** JS heap plus typed-array memory held by the index. */
  indexMb: number;
  query: Timings;
  filteredQuery: Timings;
  /** Microseconds per change, before compaction. */
  upsertMoveUs: number;
  insertUs: number;
  removeUs: number;
  /** Queries while CHANGES changes wait for compaction. */
  queryPending: Timings;
  compactMs: number;
}

export interface ClusterIndexFigures {
  places: number;
  shapes: ClusterShapeFigures[];
}

/** Changes timed per kind, left pending for the queries after them: 3 × 600 stays under the 2 000 that compact. */
const CHANGES = 600;
const FILTER = ['pharmacy', 'defibrillator', 'shelter'];

/** Builds the clustering index of `count` places of each shape in this thread and times it. */
export async function benchClusterIndex(
  count: number,
  shapes: readonly DataShape[] = DATA_SHAPES,
): Promise<ClusterIndexFigures> {
  const figures: ClusterShapeFigures[] = [];
  for (const shape of shapes) figures.push(await benchShape(shape, count));
  return { places: count, shapes: figures };
}

async function benchShape(shape: DataShape, count: number): Promise<ClusterShapeFigures> {
  const places = indexedPlaces(shape, count);
  const memoryBefore = await memoryMb();
  const started = performance.now();
  const index = ClusterIndex.build(places);
  const buildMs = performance.now() - started;
  const indexMb = (await memoryMb()) - memoryBefore;

  const viewports = shape === 'zagreb' ? zagrebViewports(2000) : viewportsAround(places, 2000);
  const time = (categories?: string[]) =>
    summarise(
      viewports.map((viewport) => {
        const t0 = performance.now();
        index.query({ ...viewport, categories, lang: 'hr' });
        return performance.now() - t0;
      }),
    );
  time(); // warm up the JIT
  const query = time();
  const filteredQuery = time(FILTER);

  const random = seededRandom(3);
  const perChange = (change: (i: number) => void) => {
    const t0 = performance.now();
    for (let i = 0; i < CHANGES; i++) change(i);
    return ((performance.now() - t0) * 1000) / CHANGES;
  };
  const pick = () => places[Math.floor(random() * places.length)] as IndexedPlace;
  const upsertMoveUs = perChange(() => {
    const place = pick();
    index.upsert({ ...place, lat: place.lat + (random() - 0.5) * 0.01, lng: place.lng + 0.001 });
  });
  const insertUs = perChange((i) => index.upsert({ ...pick(), id: count + 1 + i }));
  const removeUs = perChange(() => index.remove(pick().id));
  const queryPending = time();
  const t0 = performance.now();
  index.compact();
  const compactMs = performance.now() - t0;
  return {
    shape,
    places: count,
    buildMs,
    indexMb,
    query,
    filteredQuery,
    upsertMoveUs,
    insertUs,
    removeUs,
    queryPending,
    compactMs,
  };
}

/**
 * Heap plus array buffers (typed arrays live outside the heap), after full collections and a pause
 * in which V8 frees the buffers of collected arrays (it does so in the background).
 */
async function memoryMb(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return (heapUsed + arrayBuffers) / 2 ** 20;
}

/**
 * 1280 × 400 px views at zooms 2–16 centred on places of the set (so where people look is where
 * places are), the same ones on every run.
 */
function viewportsAround(places: readonly IndexedPlace[], count: number): BenchViewport[] {
  const random = seededRandom(11);
  return Array.from({ length: count }, () => {
    const { lat, lng } = places[Math.floor(random() * places.length)] as IndexedPlace;
    const zoom = 2 + Math.floor(random() * 15);
    const degreesPerPixel = 360 / (256 * 2 ** zoom);
    const halfWidth = Math.min(180, 640 * degreesPerPixel);
    const halfHeight = 200 * degreesPerPixel * Math.cos((lat * Math.PI) / 180);
    const wrap = (value: number) => ((((value + 180) % 360) + 360) % 360) - 180;
    return {
      zoom,
      bbox:
        halfWidth >= 180
          ? { west: -180, south: lat - halfHeight, east: 180, north: lat + halfHeight }
          : {
              west: wrap(lng - halfWidth),
              south: lat - halfHeight,
              east: wrap(lng + halfWidth),
              north: lat + halfHeight,
            },
    };
  });
}

export function printClusterIndex(f: ClusterIndexFigures): void {
  const timings = (t: Timings) => `median ${ms(t.median)}, p95 ${ms(t.p95)}, p99 ${ms(t.p99)}`;
  for (const s of f.shapes) {
    console.log(`  clustering index, ${s.places.toLocaleString('en')} places, ${s.shape} (in-process)`);
    console.log(`    build ${ms(s.buildMs)}, index memory ≈ ${s.indexMb.toFixed(0)} MB`);
    console.log(`    query (all)          ${timings(s.query)}`);
    console.log(`    query (3 categories) ${timings(s.filteredQuery)}`);
    console.log(
      `    change: move ${s.upsertMoveUs.toFixed(1)} µs, insert ${s.insertUs.toFixed(1)} µs, remove ${s.removeUs.toFixed(1)} µs`,
    );
    console.log(
      `    query with ${(3 * CHANGES).toLocaleString('en')} changes pending ${timings(s.queryPending)}`,
    );
    console.log(`    compaction ${ms(s.compactMs)}`);
  }
}
