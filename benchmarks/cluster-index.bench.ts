import { NEAR_RADII } from '@karta/contracts';
import {
  ClusterIndex,
  type ClusterQuery,
  type DistanceOf,
  type IndexedPlace,
  type ValueFilter,
} from '@karta/map-core/clustering';
import { distanceMetres } from '@karta/place-search';
import { indexedPlaces, withValues } from './lib/indexed-places.ts';
import { ms, seededRandom, summarise, type Timings } from './lib/stats.ts';
import { type BenchViewport, zagrebViewports } from './lib/viewports.ts';
import { DATA_SHAPES, type DataShape } from './lib/world-places.ts';

export interface ClusterShapeFigures {
  shape: DataShape;
  places: number;
  buildMs: number;
  /** JS heap plus typed-array memory held by the index (the places' values included). */
  indexMb: number;
  query: Timings;
  filteredQuery: Timings;
  /** Queries with a two-field value filter (VALUE_FILTERS in turn), each filter asked once before. */
  valueQuery: Timings;
  /** Near me: a page of 20 within NEAR_RADII in turn, with its total, around places of the set. */
  nearQuery: Timings;
  /** The places whose radius reaches a point: a page of 20 with its total. */
  coversQuery: Timings;
  /** The first query of each value filter, which builds the layers of its places. */
  valueFirstMs: number[];
  /** What the index took more once it kept the layers of every value filter. */
  valueCacheMb: number;
  /** Microseconds per change, before compaction. */
  upsertMoveUs: number;
  insertUs: number;
  removeUs: number;
  /** Queries while CHANGES changes wait for compaction, unfiltered and with the value filters. */
  queryPending: Timings;
  valueQueryPending: Timings;
  compactMs: number;
}

export interface ClusterIndexFigures {
  places: number;
  shapes: ClusterShapeFigures[];
}

/** Changes timed per kind, left pending for the queries after them: 3 × 600 stays under the 2 000 that compact. */
const CHANGES = 600;
const FILTER = ['pharmacy', 'defibrillator', 'shelter'];
/** A filtered map pans about as fast as an unfiltered one: p95 at most this many times the unfiltered p95. */
const VALUE_FILTER_TARGET = 1.5;
/** Two-field filters of the places' values (see withValues), matching 1/8 to 3/8 of them. */
const VALUE_FILTERS: ValueFilter[][] = [
  [
    { key: 'access', anyOf: ['yes', 'customers'] },
    { key: 'indoor', anyOf: ['true'] },
  ],
  [
    { key: 'access', anyOf: ['yes'] },
    { key: 'indoor', anyOf: ['false'] },
  ],
  [
    { key: 'access', anyOf: ['customers', 'permissive', 'private'] },
    { key: 'indoor', anyOf: ['true'] },
  ],
  [
    { key: 'access', anyOf: ['private'] },
    { key: 'indoor', anyOf: ['true', 'false'] },
  ],
];

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
  const places = withValues(indexedPlaces(shape, count));
  const memoryBefore = await memoryMb();
  const started = performance.now();
  const index = ClusterIndex.build(places);
  const buildMs = performance.now() - started;
  const indexMb = (await memoryMb()) - memoryBefore;

  const viewports = shape === 'zagreb' ? zagrebViewports(2000) : viewportsAround(places, 2000);
  const time = (ask: (i: number) => Partial<ClusterQuery> = () => ({})) =>
    summarise(
      viewports.map((viewport, i) => {
        const q = { ...viewport, ...ask(i), lang: 'hr' };
        const t0 = performance.now();
        index.query(q);
        return performance.now() - t0;
      }),
    );
  time(); // warm up the JIT
  const query = time();
  const filteredQuery = time(() => ({ categories: FILTER }));
  const { nearQuery, coversQuery } = timeNearest(index, places);

  // One query per value filter first, as a user who sets a filter and then pans the map.
  const cacheBefore = await memoryMb();
  const valueFirstMs = VALUE_FILTERS.map((filters) => {
    const t0 = performance.now();
    index.query({ ...(viewports[0] as BenchViewport), filters, lang: 'hr' });
    return performance.now() - t0;
  });
  const valueCacheMb = (await memoryMb()) - cacheBefore;
  const valueFilter = (i: number) => ({ filters: VALUE_FILTERS[i % VALUE_FILTERS.length] });
  const valueQuery = time(valueFilter);

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
  const valueQueryPending = time(valueFilter);
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
    nearQuery,
    coversQuery,
    valueQuery,
    valueFirstMs,
    valueCacheMb,
    upsertMoveUs,
    insertUs,
    removeUs,
    queryPending,
    valueQueryPending,
    compactMs,
  };
}

/** The server's measure, as its worker passes it to the index. */
const distanceOf: DistanceOf = (origin, lat, lng) => distanceMetres(origin, { lat, lng });

/** Near me and "serves this spot" from the index, around 2 000 places of the set (each timed once). */
function timeNearest(index: ClusterIndex, places: readonly IndexedPlace[]) {
  const random = seededRandom(5);
  const origins = Array.from({ length: 2000 }, () => {
    const { lat, lng } = places[Math.floor(random() * places.length)] as IndexedPlace;
    return { lat: lat + (random() - 0.5) * 0.01, lng: lng + (random() - 0.5) * 0.01 };
  });
  const timed = (
    ask: (origin: (typeof origins)[number], i: number) => Parameters<ClusterIndex['nearest']>[0],
  ) =>
    summarise(
      origins.map((origin, i) => {
        const t0 = performance.now();
        index.nearest(ask(origin, i), distanceOf);
        return performance.now() - t0;
      }),
    );
  const near = (origin: (typeof origins)[number], i: number) => ({
    origin,
    within: NEAR_RADII[i % NEAR_RADII.length] as number,
    limit: 20,
    withTotal: true,
  });
  const covers = (origin: (typeof origins)[number]) => ({
    origin,
    within: 100_000,
    covering: true,
    limit: 20,
    withTotal: true,
  });
  timed(near); // warm up the JIT
  timed(covers);
  return { nearQuery: timed(near), coversQuery: timed(covers) };
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
    console.log(
      `    build ${ms(s.buildMs)}, index memory ≈ ${s.indexMb.toFixed(0)} MB (values of 2 fields included)`,
    );
    console.log(`    query (all)            ${timings(s.query)}`);
    console.log(`    query (3 categories)   ${timings(s.filteredQuery)}`);
    console.log(`    query (2 value fields) ${timings(s.valueQuery)}`);
    console.log(
      `    near me, 20 + total    ${timings(s.nearQuery)} (within ${NEAR_RADII.join(', ')} m in turn)`,
    );
    console.log(`    covers, 20 + total     ${timings(s.coversQuery)}`);
    console.log(
      `      ${VALUE_FILTERS.length} filters in turn, each asked once before: first queries ${s.valueFirstMs.map(ms).join(', ')}; their layers ≈ ${s.valueCacheMb.toFixed(1)} MB`,
    );
    console.log(
      `    change: move ${s.upsertMoveUs.toFixed(1)} µs, insert ${s.insertUs.toFixed(1)} µs, remove ${s.removeUs.toFixed(1)} µs`,
    );
    const pending = `${(3 * CHANGES).toLocaleString('en')} changes pending`;
    console.log(`    query with ${pending} ${timings(s.queryPending)}`);
    console.log(`    query (2 value fields) with ${pending} ${timings(s.valueQueryPending)}`);
    const ratio = s.valueQuery.p95 / s.query.p95;
    console.log(
      `    two-field filter p95 / unfiltered p95: ${ratio.toFixed(2)} (target ≤ ${VALUE_FILTER_TARGET} ${ratio <= VALUE_FILTER_TARGET ? '✓' : '✗'})`,
    );
    console.log(`    compaction ${ms(s.compactMs)}`);
  }
}
