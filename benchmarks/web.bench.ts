import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { writeZagrebBasemap } from '@karta/pmtiles-fixture';
import { startSentryReceiver } from '../apps/server/test/support/sentry-receiver.ts';
import { findChromium, launchBrowser } from '../e2e/support/chromium.ts';
import { startKartaServer } from '../e2e/support/karta-server.ts';
import {
  buildWebOnce,
  firstClusterAt,
  recordFirstCluster,
  waitForServiceWorker,
} from './lib/first-cluster.ts';
import { ms, summarise, type Timings } from './lib/stats.ts';

export interface WebFigures {
  /** What the first view fetched: until the first cluster was drawn on a cold load. */
  jsGzipKb: number;
  cssGzipKb: number;
  /** The same files as they crossed the wire (brotli from the server's precompressed copies). */
  sentKb: number;
  files: { url: string; gzipKb: number }[];
  /** What the page fetched afterwards, while idle (the search's combobox, other languages). */
  later: { url: string; gzipKb: number }[];
  firstClusterCold: number;
  firstClusterWarm: Timings;
  /** Whether the service worker controlled the page before the warm loads (it registers after the first view). */
  warmControlled: boolean;
  /** The warm loads' scripts and style sheets, and how many of them the service worker answered. */
  warmFiles: { total: number; fromServiceWorker: number };
}

/** After the first view, how long the page is left to fetch what it loads when idle. */
const IDLE_WAIT_MS = 4000;
/** How long the warm loads wait, at most, for the service worker to take control of the page. */
const SERVICE_WORKER_WAIT_MS = 30_000;

/**
 * Loads the home page of the real server (built front end, demo data, a Sentry DSN pointing at a
 * local stand-in, as a deployment that reports errors has) in Chromium: what JavaScript and CSS
 * the first view fetches (gzip sizes, fonts aside) and what the page fetches later while idle,
 * and when the first cluster appears after navigation.
 */
export async function benchWeb(env: Record<string, string> = {}): Promise<WebFigures | null> {
  const chromium = findChromium();
  if (!chromium) {
    console.warn('  (no Chromium: set CHROMIUM_PATH or apt-get install -y chromium; web figures skipped)');
    return null;
  }
  buildWebOnce();
  const sentry = await startSentryReceiver();
  const server = await startKartaServer({ SENTRY_DSN: sentry.dsn, ...env });
  const browser = await launchBrowser(chromium, [server.url, sentry.url]);
  try {
    const files = new Map<string, number>();
    const sent = new Map<string, number>();
    const later = new Map<string, number>();
    let firstViewDone = false;
    let warmLoads = false;
    const warmFiles = { total: 0, fromServiceWorker: 0 };
    const page = await browser.context.newPage();
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      if (warmLoads) {
        warmFiles.total += 1;
        if (response.fromServiceWorker()) warmFiles.fromServiceWorker += 1;
      }
      // Sorted by when the request was made, not when its body was read.
      const target = firstViewDone ? later : files;
      const body = await response.body().catch(() => undefined);
      if (body) target.set(response.url(), gzipSync(body, { level: 9 }).length / 1024);
      if (!firstViewDone) {
        const sizes = await response
          .request()
          .sizes()
          .catch(() => undefined);
        if (sizes) sent.set(response.url(), sizes.responseBodySize / 1024);
      }
    });
    // The time of the first cluster, recorded in the page by a MutationObserver from navigation start.
    const firstCluster = () => firstClusterAt(page, `${server.url}/`);
    await page.addInitScript(recordFirstCluster);
    const cold = await firstCluster();
    firstViewDone = true;
    await page.waitForTimeout(IDLE_WAIT_MS);
    // The warm loads are meant to come from the service worker's precache: it must be in control.
    const warmControlled = await waitForServiceWorker(page, SERVICE_WORKER_WAIT_MS);
    warmLoads = true;
    const warm: number[] = [];
    for (let i = 0; i < 7; i += 1) warm.push(await firstCluster());
    const listOf = (map: Map<string, number>) =>
      [...map].map(([url, gzipKb]) => ({ url: new URL(url).pathname, gzipKb }));
    const list = listOf(files);
    const sum = (ext: string) =>
      list.filter((f) => f.url.endsWith(ext)).reduce((total, f) => total + f.gzipKb, 0);
    return {
      jsGzipKb: sum('.js'),
      cssGzipKb: sum('.css'),
      sentKb: [...sent.values()].reduce((total, kb) => total + kb, 0),
      files: list,
      later: listOf(later).filter((file) => !files.has(`${server.url}${file.url}`)),
      firstClusterCold: cold,
      firstClusterWarm: summarise(warm),
      warmControlled,
      warmFiles,
    };
  } finally {
    await browser.close();
    await server.stop();
    await sentry.close();
  }
}

/**
 * The same on a site with a base map of its own (BASEMAP=pmtiles, the tests' Zagreb archive): its
 * first view loads the vector renderer instead of raster tile images, which the figures leave out.
 */
export async function benchWebWithOwnBasemap(): Promise<WebFigures | null> {
  const folder = mkdtempSync(join(tmpdir(), 'karta-bench-basemap-'));
  try {
    const archive = join(folder, 'zagreb.pmtiles');
    await writeZagrebBasemap(archive);
    return await benchWeb({ BASEMAP: 'pmtiles', BASEMAP_PMTILES: archive });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export function printWeb(f: WebFigures, site = 'demo data'): void {
  console.log(`  home page in Chromium (real server, ${site}, a Sentry DSN set, loopback)`);
  console.log(
    `    first view: JS ${f.jsGzipKb.toFixed(1)} kB gzip + CSS ${f.cssGzipKb.toFixed(1)} kB gzip = ${(f.jsGzipKb + f.cssGzipKb).toFixed(1)} kB (fonts aside); ${f.sentKb.toFixed(1)} kB as sent (brotli)`,
  );
  for (const file of f.files) console.log(`      ${file.url} ${file.gzipKb.toFixed(1)} kB`);
  const laterKb = f.later.reduce((total, file) => total + file.gzipKb, 0);
  console.log(`    fetched afterwards while idle: ${laterKb.toFixed(1)} kB gzip`);
  for (const file of f.later) console.log(`      ${file.url} ${file.gzipKb.toFixed(1)} kB`);
  const fromCache = f.warmControlled && f.warmFiles.fromServiceWorker === f.warmFiles.total;
  const warmLabel = fromCache
    ? "warm (service worker's cache)"
    : `warm (NOT all from the service worker's cache: ${f.warmControlled ? 'controlled' : 'no service worker in control'}, ${f.warmFiles.fromServiceWorker} of ${f.warmFiles.total} scripts and style sheets from it)`;
  console.log(
    `    first cluster drawn after navigation: cold ${ms(f.firstClusterCold)}, ${warmLabel} median ${ms(f.firstClusterWarm.median)} (p95 ${ms(f.firstClusterWarm.p95)})`,
  );
}
