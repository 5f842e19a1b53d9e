import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { startSentryReceiver } from '../apps/server/test/support/sentry-receiver.ts';
import { findChromium, launchBrowser } from '../e2e/support/chromium.ts';
import { startKartaServer } from '../e2e/support/karta-server.ts';
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
}

/** After the first view, how long the page is left to fetch what it loads when idle. */
const IDLE_WAIT_MS = 4000;

/**
 * Loads the home page of the real server (built front end, demo data, a Sentry DSN pointing at a
 * local stand-in, as a deployment that reports errors has) in Chromium: what JavaScript and CSS
 * the first view fetches (gzip sizes, fonts aside) and what the page fetches later while idle,
 * and when the first cluster appears after navigation.
 */
export async function benchWeb(): Promise<WebFigures | null> {
  const chromium = findChromium();
  if (!chromium) {
    console.warn('  (no Chromium: set CHROMIUM_PATH or apt-get install -y chromium; web figures skipped)');
    return null;
  }
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@karta/web'], { stdio: 'ignore' });
  if (build.status !== 0) throw new Error('npm run build failed');
  const sentry = await startSentryReceiver();
  const server = await startKartaServer({ SENTRY_DSN: sentry.dsn });
  const browser = await launchBrowser(chromium, [server.url, sentry.url]);
  try {
    const files = new Map<string, number>();
    const sent = new Map<string, number>();
    const later = new Map<string, number>();
    let firstViewDone = false;
    const page = await browser.context.newPage();
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
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
    const firstCluster = async () => {
      await page.goto(`${server.url}/`);
      await page.locator('[data-testid=cluster]').first().waitFor({ timeout: 30_000 });
      // The time of the first cluster, recorded in the page by a MutationObserver from navigation start.
      return page.evaluate(
        () => (window as unknown as { __firstCluster?: number }).__firstCluster ?? Number.NaN,
      );
    };
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('[data-testid=cluster]')) {
          (window as unknown as { __firstCluster?: number }).__firstCluster = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    const cold = await firstCluster();
    firstViewDone = true;
    await page.waitForTimeout(IDLE_WAIT_MS);
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
    };
  } finally {
    await browser.close();
    await server.stop();
    await sentry.close();
  }
}

export function printWeb(f: WebFigures): void {
  console.log('  home page in Chromium (real server, demo data, a Sentry DSN set, loopback)');
  console.log(
    `    first view: JS ${f.jsGzipKb.toFixed(1)} kB gzip + CSS ${f.cssGzipKb.toFixed(1)} kB gzip = ${(f.jsGzipKb + f.cssGzipKb).toFixed(1)} kB (fonts aside); ${f.sentKb.toFixed(1)} kB as sent (brotli)`,
  );
  for (const file of f.files) console.log(`      ${file.url} ${file.gzipKb.toFixed(1)} kB`);
  const laterKb = f.later.reduce((total, file) => total + file.gzipKb, 0);
  console.log(`    fetched afterwards while idle: ${laterKb.toFixed(1)} kB gzip`);
  for (const file of f.later) console.log(`      ${file.url} ${file.gzipKb.toFixed(1)} kB`);
  console.log(
    `    first cluster drawn after navigation: cold ${ms(f.firstClusterCold)}, warm median ${ms(f.firstClusterWarm.median)} (p95 ${ms(f.firstClusterWarm.p95)})`,
  );
}
