import { type Bounds, formatBbox, type LatLng, MAX_OFFLINE_PLACES } from '@karta/contracts';
import type { Page, Request } from 'playwright-core';
import { openDatabase } from '../apps/server/src/db/open-database.ts';
import { DEMO_CENTRE } from '../apps/server/src/demo-data/zagreb.ts';
import { CACHE_NAMES } from '../apps/web/src/service-worker/sw-routes.ts';
import { findChromium, launchBrowser } from '../e2e/support/chromium.ts';
import { startBenchServer } from './lib/bench-server.ts';
import {
  buildWebOnce,
  firstClusterAt,
  recordFirstCluster,
  waitForServiceWorker,
} from './lib/first-cluster.ts';
import { type BenchTarget, sharedSeededDatabase, targetLabel } from './lib/seeded-database.ts';
import { ms, summarise, type Timings } from './lib/stats.ts';
import { fullestBoxOf } from './offline-pack.bench.ts';

/** Online loads of the saved view (the server's clusters), for comparison. */
const ONLINE_RUNS = 3;
/** Offline loads of the saved view after the first (cold) one. */
const OFFLINE_RUNS = 5;
/** The map's widths tried (its height is the page's: 400 px); the browser window follows. */
const MAP_WIDTHS = { min: 360, max: 1600 };
const WINDOW_HEIGHT = 900;
const ZOOMS = { min: 2, max: 18 };
/** How long a save may take: the server builds a pack of 20 000 places in seconds on PGlite. */
const SAVE_TIMEOUT_MS = 180_000;

interface Storage {
  /** `navigator.storage.estimate()`: everything of the origin (the service worker's caches too). */
  usage: number;
  /** Its IndexedDB part (Chromium's `usageDetails`), null where the browser does not say. */
  indexedDB: number | null;
}

export interface OfflineFigures {
  target: BenchTarget;
  places: number;
  /** The square around Zagreb holding as many places as a pack may (offline-pack.bench.ts), and its places. */
  fullest: { box: Bounds; places: number };
  /** The home page's view saved: its zoom and map size, its box as the page has it, the places in it. */
  view: { centre: LatLng; zoom: number; width: number; height: number; bbox: Bounds; inView: number };
  save: {
    /** From the status ("Saved 19,987 places (17.9 MB) on this device…"). */
    saved: number;
    size: string;
    status: string;
    /** Click to "Saved" in the status, and its parts: to the request, the request to its last byte, the rest (parse, store). */
    totalMs: number;
    beforeRequestMs: number | null;
    requestMs: number | null;
    afterRequestMs: number | null;
    /** The pack's body as it crossed the wire (brotli), in bytes. */
    sentBytes: number | null;
  };
  storage: { before: Storage; after: Storage };
  /** Navigation to first cluster drawn, online (the server's clusters, the app from the service worker). */
  online: Timings;
  offline: {
    /** The first offline load of the view, then the others. */
    cold: number;
    warm: Timings;
    /** Places in the clusters and markers of the first offline view. */
    drawn: number;
    /** The service worker's saved map and list answers removed before going offline, so the saved places answer. */
    cachedAnswersRemoved: number;
    /** Map answers in the service worker's cache after the offline loads (0: every cluster was computed in the page). */
    cachedMapAnswersAfter: number;
    /** Reading the saved places alone from IndexedDB in the page (median of a few), and how many; null if it failed. */
    idbRead: { ms: number; places: number } | null;
    banner: boolean;
  };
  search: { text: string; ms: number; summary: string } | null;
}

/** Published places' public positions (those a box is tested on), lat and lng interleaved. */
interface Positions {
  coords: Float64Array;
  /** Where they were read: a box reaching past it cannot be counted. */
  region: Bounds;
}

/** A box cut to the world's edges (the fullest box is wider than the world when every place fits). */
const withinWorld = (box: Bounds): Bounds => ({
  west: Math.max(-180, box.west),
  east: Math.min(180, box.east),
  south: Math.max(-90, box.south),
  north: Math.min(90, box.north),
});

function countIn(positions: Positions, box: Bounds): number {
  const { region, coords } = positions;
  if (
    box.west < region.west ||
    box.east > region.east ||
    box.south < region.south ||
    box.north > region.north
  )
    return Number.POSITIVE_INFINITY;
  let count = 0;
  for (let i = 0; i < coords.length; i += 2) {
    const lat = coords[i] as number;
    const lng = coords[i + 1] as number;
    if (lat >= box.south && lat <= box.north && lng >= box.west && lng <= box.east) count += 1;
  }
  return count;
}

/** What Leaflet's `getBounds()` gives for a map of `width` × `height` px centred at `centre` (Web Mercator). */
function mercatorBounds(centre: LatLng, zoom: number, width: number, height: number): Bounds {
  const scale = 256 * 2 ** zoom;
  const y = (lat: number) =>
    scale * (0.5 - Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) / (2 * Math.PI));
  const lat = (py: number) => (Math.atan(Math.exp((0.5 - py / scale) * 2 * Math.PI)) * 360) / Math.PI - 90;
  const halfLng = ((width / 2) * 360) / scale;
  const y0 = y(centre.lat);
  return {
    west: centre.lng - halfLng,
    east: centre.lng + halfLng,
    north: lat(y0 - height / 2),
    south: lat(y0 + height / 2),
  };
}

/**
 * The zoom and map width whose view, centred on Zagreb, holds as many places as a pack may (or
 * slightly fewer): the widest map at each zoom that holds no more, a pixel to spare on each side.
 */
function chooseView(positions: Positions, centre: LatLng, height: number) {
  const inView = (zoom: number, width: number) =>
    countIn(positions, mercatorBounds(centre, zoom, width + 2, height + 2));
  let best: { zoom: number; width: number; count: number } | null = null;
  for (let zoom = ZOOMS.min; zoom <= ZOOMS.max; zoom += 1) {
    if (inView(zoom, MAP_WIDTHS.min) > MAX_OFFLINE_PLACES) continue;
    let [low, high] = [MAP_WIDTHS.min, MAP_WIDTHS.max];
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (inView(zoom, middle) <= MAX_OFFLINE_PLACES) low = middle;
      else high = middle - 1;
    }
    const count = inView(zoom, low);
    if (!best || count >= best.count) best = { zoom, width: low, count };
  }
  if (!best) throw new Error('no view of the map holds few enough places to save');
  return best;
}

/** The fullest box, and the positions of the places around it a wide view may reach (read before the server holds the database). */
async function readPositions(
  database: Awaited<ReturnType<typeof sharedSeededDatabase>>,
): Promise<{ fullest: Bounds; positions: Positions }> {
  const db = await openDatabase({
    databaseUrl: database.databaseUrl ?? null,
    dataDir: database.dataDir ?? '',
    statementTimeoutMs: 0,
  });
  try {
    const fullest = await fullestBoxOf(db);
    const half = (fullest.east - fullest.west) / 2;
    // A view is wider than tall: at 1 600 × 400 px, 5.7 times as wide in degrees near Zagreb.
    const region = {
      west: Math.max(-180, DEMO_CENTRE.lng - half * 8),
      east: Math.min(180, DEMO_CENTRE.lng + half * 8),
      south: Math.max(-90, DEMO_CENTRE.lat - half * 1.1),
      north: Math.min(90, DEMO_CENTRE.lat + half * 1.1),
    };
    const { rows } = await db.query<{ lat: number; lng: number }>(
      `SELECT public_lat AS lat, public_lng AS lng FROM places
       WHERE status = 'published' AND public_lat BETWEEN $1 AND $2 AND public_lng BETWEEN $3 AND $4`,
      [region.south, region.north, region.west, region.east],
    );
    const coords = new Float64Array(rows.length * 2);
    rows.forEach((row, i) => {
      coords[2 * i] = Number(row.lat);
      coords[2 * i + 1] = Number(row.lng);
    });
    return { fullest, positions: { coords, region } };
  } finally {
    await db.close();
  }
}

const mapSize = (page: Page) =>
  page.locator('[data-testid=map]').evaluate((map) => ({ width: map.clientWidth, height: map.clientHeight }));

/** The view's box as the page has it: the one its CSV link (and its save) asks for. */
async function viewBbox(page: Page): Promise<Bounds> {
  const link = page.locator('[data-testid=export-csv]');
  await link.waitFor();
  const href = (await link.getAttribute('href')) ?? '';
  const [west, south, east, north] = (new URL(href, 'http://x').searchParams.get('bbox') ?? '')
    .split(',')
    .map(Number);
  if ([west, south, east, north].some((value) => value === undefined || Number.isNaN(value)))
    throw new Error(`no bbox in the CSV link ${href}`);
  return { west, south, east, north } as Bounds;
}

function storageEstimate(page: Page): Promise<Storage> {
  return page.evaluate(async () => {
    const estimate = (await navigator.storage.estimate()) as StorageEstimate & {
      usageDetails?: { indexedDB?: number };
    };
    return { usage: estimate.usage ?? 0, indexedDB: estimate.usageDetails?.indexedDB ?? null };
  });
}

/** Removes the service worker's saved answers of the map and lists; returns how many. */
function forgetCachedAnswers(page: Page, cacheName: string): Promise<number> {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name);
    let removed = 0;
    for (const request of await cache.keys()) {
      const path = new URL(request.url).pathname;
      if (path === '/api/v1/map' || path.startsWith('/api/v1/places')) {
        await cache.delete(request);
        removed += 1;
      }
    }
    return removed;
  }, cacheName);
}

function cachedMapAnswers(page: Page, cacheName: string): Promise<number> {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).filter((request) => new URL(request.url).pathname === '/api/v1/map').length;
  }, cacheName);
}

/**
 * Reads every saved area's places from IndexedDB in the page, as the app does offline before it
 * clusters them (its database and store, read straight, without the app's code): median of 3.
 */
async function timeIndexedDbRead(page: Page): Promise<{ ms: number; places: number } | null> {
  const runs: { ms: number; places: number }[] = [];
  for (let run = 0; run < 3; run += 1) {
    runs.push(
      await page.evaluate(async () => {
        // No named functions in here: tsx's helpers they would call do not exist in the page.
        const started = performance.now();
        const db = await new Promise<IDBDatabase>((done, fail) => {
          const opening = indexedDB.open('karta-offline');
          opening.onsuccess = () => done(opening.result);
          opening.onerror = () => fail(opening.error);
        });
        const contents = await new Promise<{ places: unknown[] }[]>((done, fail) => {
          const reading = db.transaction('places').objectStore('places').getAll();
          reading.onsuccess = () => done(reading.result);
          reading.onerror = () => fail(reading.error);
        });
        const ms = performance.now() - started;
        db.close();
        return { ms, places: contents.reduce((sum, content) => sum + content.places.length, 0) };
      }),
    );
  }
  runs.sort((a, b) => a.ms - b.ms);
  return runs[1] ?? null;
}

/** Places in the clusters and markers the map shows. */
function drawnPlaces(page: Page): Promise<number> {
  return page.evaluate(() => {
    const clustered = [...document.querySelectorAll('[data-testid=cluster]')].reduce(
      (sum, cluster) => sum + Number(cluster.getAttribute('data-count') ?? 0),
      0,
    );
    return clustered + document.querySelectorAll('[data-testid=marker]').length;
  });
}

interface SaveTimes {
  clicked?: number;
  done?: number;
  failed?: boolean;
  timeOrigin: number;
}

/** Clicks "Save this area for offline use" and times it, in the page, until the status says saved. */
async function saveView(page: Page): Promise<{ times: SaveTimes; status: string; request: Request | null }> {
  let packRequest: Request | null = null;
  const onFinished = (request: Request) => {
    if (new URL(request.url()).pathname === '/api/v1/offline-pack') packRequest = request;
  };
  page.on('requestfinished', onFinished);
  try {
    await page.evaluate(() => {
      const state: { clicked?: number; done?: number; failed?: boolean; timeOrigin: number } = {
        timeOrigin: performance.timeOrigin,
      };
      (window as unknown as { __save: typeof state }).__save = state;
      const button = document.querySelector('[data-testid=save-offline-area]');
      const status = document.querySelector('[data-testid=save-offline-status]');
      if (!button || !status) throw new Error('no save button or status under the map');
      button.addEventListener(
        'click',
        () => {
          state.clicked ??= performance.now();
        },
        { capture: true, once: true },
      );
      const observer = new MutationObserver(() => {
        const text = status.textContent ?? '';
        if (text.startsWith('Saved ')) state.done = performance.now();
        else if (text.includes('could not be saved')) state.failed = true;
        else return;
        observer.disconnect();
      });
      observer.observe(status, { childList: true, subtree: true, characterData: true });
    });
    await page.locator('[data-testid=save-offline-area]').click();
    await page.waitForFunction(
      () => {
        const state = (window as unknown as { __save: { done?: number; failed?: boolean } }).__save;
        return state.done !== undefined || state.failed === true;
      },
      null,
      { timeout: SAVE_TIMEOUT_MS, polling: 100 },
    );
    const times = await page.evaluate(() => (window as unknown as { __save: SaveTimes }).__save);
    const status = await page.locator('[data-testid=save-offline-status]').innerText();
    if (times.failed || times.done === undefined) throw new Error(`saving failed: ${status}`);
    // The request event may come a moment after the page has stored the pack.
    for (let i = 0; i < 50 && !packRequest; i += 1) await page.waitForTimeout(20);
    return { times, status, request: packRequest };
  } finally {
    page.off('requestfinished', onFinished);
  }
}

/** Types `text` in the header's search box, presses Enter and times, in the page, Enter to the list's first result. */
async function timeSearch(page: Page, text: string): Promise<{ ms: number; summary: string }> {
  const field = page.getByRole('combobox', { name: /search places/i });
  await field.fill(text);
  await page.evaluate(() => {
    const state: { start?: number; done?: number } = {};
    (window as unknown as { __search: typeof state }).__search = state;
    document.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Enter') state.start ??= performance.now();
      },
      { capture: true },
    );
    // No named functions in here: tsx's helpers they would call do not exist in the page.
    const observer = new MutationObserver(() => {
      if (
        state.start !== undefined &&
        /match/.test(document.querySelector('[data-testid=place-count]')?.textContent ?? '') &&
        document.querySelector('[data-testid=place-list-item]') !== null
      ) {
        state.done = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await field.press('Enter');
  await page.waitForFunction(
    () => (window as unknown as { __search: { done?: number } }).__search.done !== undefined,
    null,
    { timeout: 60_000 },
  );
  const { start, done } = await page.evaluate(
    () => (window as unknown as { __search: { start: number; done: number } }).__search,
  );
  return { ms: done - start, summary: await page.getByTestId('place-count').innerText() };
}

/**
 * Offline use of the home page in Chromium on the real server over the target's shared database:
 * the view around Zagreb holding as close to a pack's 20 000 places as the map allows, saved with
 * "Save this area for offline use" (download and IndexedDB, timed from the click to "Saved"), then,
 * with no network, the same view reloaded: the first cluster drawn from the saved places (read
 * from IndexedDB, clustered in the page), and a search of them.
 */
export async function benchOffline(target: BenchTarget, count: number): Promise<OfflineFigures | null> {
  const chromium = findChromium();
  if (!chromium) {
    console.warn(
      '  (no Chromium: set CHROMIUM_PATH or apt-get install -y chromium; offline figures skipped)',
    );
    return null;
  }
  buildWebOnce();
  const database = await sharedSeededDatabase(target, count);
  const { fullest, positions } = await readPositions(database);
  const centre = DEMO_CENTRE;
  const server = await startBenchServer(database);
  const browser = await launchBrowser(chromium, [server.url]);
  const viewUrl = (zoom: number) => `${server.url}/?lat=${centre.lat}&lng=${centre.lng}&z=${zoom}`;
  try {
    const page = await browser.context.newPage();
    await page.addInitScript(recordFirstCluster);
    await page.setViewportSize({ width: 1280, height: WINDOW_HEIGHT });
    await firstClusterAt(page, viewUrl(12), 60_000);
    const first = await mapSize(page);
    // The map spans the window but for the page's margins (if any): the window follows the width chosen.
    let margin = 1280 - first.width;
    let choice = chooseView(positions, centre, first.height);
    let view: OfflineFigures['view'] | null = null;
    for (let attempt = 0; attempt < 8 && !view; attempt += 1) {
      await page.setViewportSize({ width: choice.width + margin, height: WINDOW_HEIGHT });
      await firstClusterAt(page, viewUrl(choice.zoom), 60_000);
      const size = await mapSize(page);
      if (size.width !== choice.width || size.height !== first.height) {
        margin += choice.width - size.width;
        if (size.height !== first.height) choice = chooseView(positions, centre, size.height);
        continue;
      }
      const bbox = await viewBbox(page);
      const inView = countIn(positions, bbox);
      if (inView <= MAX_OFFLINE_PLACES) view = { centre, zoom: choice.zoom, ...size, bbox, inView };
      // Leaflet's box came out a little larger than reckoned: a narrower map.
      else choice = { ...choice, width: choice.width - 4 };
    }
    if (!view) throw new Error('could not open a view holding few enough places to save');
    const url = viewUrl(view.zoom);

    if (!(await waitForServiceWorker(page, 60_000)))
      throw new Error('no service worker took control of the page');
    const online: number[] = [];
    for (let run = 0; run < ONLINE_RUNS; run += 1) online.push(await firstClusterAt(page, url, 60_000));

    const before = await storageEstimate(page);
    const { times, status, request } = await saveView(page);
    const after = await storageEstimate(page);
    const savedMatch = /Saved ([\d,]+) places? \((.+?)\)/.exec(status);
    const saved = Number(savedMatch?.[1]?.replaceAll(',', '') ?? Number.NaN);
    const clickedAt = times.timeOrigin + (times.clicked ?? Number.NaN);
    const doneAt = times.timeOrigin + (times.done ?? Number.NaN);
    const timing = request?.timing();
    const requestStart = timing && timing.startTime > 0 ? timing.startTime : null;
    const requestEnd =
      requestStart !== null && timing && timing.responseEnd >= 0 ? requestStart + timing.responseEnd : null;
    const sizes = request ? await request.sizes().catch(() => null) : null;

    // A place near the middle of the view to search for offline (while there is a network to ask).
    const listed = (await fetch(`${server.url}/api/v1/places?bbox=${formatBbox(view.bbox)}&limit=1`).then(
      (answer) => answer.json(),
    )) as { items: { name: Record<string, string> }[] };
    const name = listed.items[0]?.name;
    const searchText = name ? (name.en ?? name.hr ?? Object.values(name)[0] ?? '') : '';

    // The view's own map answers, kept by the service worker while online, would be shown instead.
    const cachedAnswersRemoved = await forgetCachedAnswers(page, CACHE_NAMES.api);
    await browser.context.setOffline(true);
    try {
      const cold = await firstClusterAt(page, url, 60_000);
      const drawn = await drawnPlaces(page);
      const warm: number[] = [];
      for (let run = 0; run < OFFLINE_RUNS; run += 1) warm.push(await firstClusterAt(page, url, 60_000));
      const banner = (await page.getByTestId('offline-banner').count()) > 0;
      const cachedMapAnswersAfter = await cachedMapAnswers(page, CACHE_NAMES.api);
      const idbRead = await timeIndexedDbRead(page).catch(() => null);
      // The search is a side figure: its failure is printed, not thrown.
      const search = searchText
        ? await timeSearch(page, searchText).then(
            (timed) => ({ text: searchText, ...timed }),
            (error: Error) => ({
              text: searchText,
              ms: Number.NaN,
              summary: `failed: ${error.message.split('\n')[0]}`,
            }),
          )
        : null;
      return {
        target,
        places: count,
        fullest: { box: fullest, places: countIn(positions, withinWorld(fullest)) },
        view,
        save: {
          saved,
          size: savedMatch?.[2] ?? '?',
          status,
          totalMs: doneAt - clickedAt,
          beforeRequestMs: requestStart !== null ? requestStart - clickedAt : null,
          requestMs: requestStart !== null && requestEnd !== null ? requestEnd - requestStart : null,
          afterRequestMs: requestEnd !== null ? doneAt - requestEnd : null,
          sentBytes: sizes ? sizes.responseBodySize : null,
        },
        storage: { before, after },
        online: summarise(online),
        offline: {
          cold,
          warm: summarise(warm),
          drawn,
          cachedAnswersRemoved,
          cachedMapAnswersAfter,
          idbRead,
          banner,
        },
        search,
      };
    } finally {
      await browser.context.setOffline(false);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
const optionalMs = (value: number | null) => (value === null ? 'n/a' : ms(value));
const places = (n: number) => (Number.isFinite(n) ? n.toLocaleString('en') : String(n));

export function printOffline(f: OfflineFigures): void {
  console.log(
    `  offline use in Chromium, ${f.places.toLocaleString('en')} published places (real server, ${targetLabel(f.target)}, loopback)`,
  );
  const { view, save } = f;
  console.log(
    `    view: zoom ${view.zoom} at ${view.centre.lat},${view.centre.lng}, map ${view.width} × ${view.height} px, box ${formatBbox(view.bbox)}: ${places(view.inView)} places (the fullest square box of at most ${places(MAX_OFFLINE_PLACES)}: ${places(f.fullest.places)})`,
  );
  console.log(
    `    save: ${places(save.saved)} places (${save.size}; ${save.saved === view.inView ? 'as counted in the box' : `NOT the ${places(view.inView)} counted in the box`}) in ${ms(save.totalMs)} from the click to "Saved": ${optionalMs(save.beforeRequestMs)} to the request, ${optionalMs(save.requestMs)} request to last byte (${save.sentBytes === null ? 'n/a' : mb(save.sentBytes)} as sent), ${optionalMs(save.afterRequestMs)} to parse and store`,
  );
  const idb = (s: Storage) => (s.indexedDB === null ? 'n/a' : mb(s.indexedDB));
  console.log(
    `    storage: IndexedDB ${idb(f.storage.before)} → ${idb(f.storage.after)}; the origin's whole usage ${mb(f.storage.before.usage)} → ${mb(f.storage.after.usage)}`,
  );
  const { offline } = f;
  console.log(
    `    first cluster after navigation, online (server's clusters): median ${ms(f.online.median)} over ${f.online.count} loads`,
  );
  console.log(
    `    first cluster after navigation, offline (saved places, clustered in the page): cold ${ms(offline.cold)}, then median ${ms(offline.warm.median)}, p95 ${ms(offline.warm.p95)} over ${offline.warm.count} loads; ${places(offline.drawn)} places drawn; offline banner ${offline.banner ? 'shown' : 'NOT shown'}`,
  );
  console.log(
    `      (${offline.cachedAnswersRemoved} map and list answers removed from the service worker's cache before; ${offline.cachedMapAnswersAfter} map answers in it after)`,
  );
  if (offline.idbRead)
    console.log(
      `      of which reading the ${places(offline.idbRead.places)} saved places from IndexedDB alone takes ${ms(offline.idbRead.ms)} (median of 3, straight, in the page)`,
    );
  if (f.search)
    console.log(
      `    offline search "${f.search.text}": Enter to the list's first result ${ms(f.search.ms)} (${f.search.summary})`,
    );
}
