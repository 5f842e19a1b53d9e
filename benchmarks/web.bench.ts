import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { findChromium, launchBrowser } from '../e2e/support/chromium.ts';
import { startKartaServer } from '../e2e/support/karta-server.ts';
import { ms, summarise, type Timings } from './lib/stats.ts';

export interface WebFigures {
  jsGzipKb: number;
  cssGzipKb: number;
  files: { url: string; gzipKb: number }[];
  firstClusterCold: number;
  firstClusterWarm: Timings;
}

/**
 * Loads the home page of the real server (built front end, demo data) in Chromium: what JavaScript
 * and CSS it fetches (gzip sizes, fonts aside), and when the first cluster appears after navigation.
 */
export async function benchWeb(): Promise<WebFigures | null> {
  const chromium = findChromium();
  if (!chromium) {
    console.warn('  (no Chromium: set CHROMIUM_PATH or apt-get install -y chromium; web figures skipped)');
    return null;
  }
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@karta/web'], { stdio: 'ignore' });
  if (build.status !== 0) throw new Error('npm run build failed');
  const server = await startKartaServer();
  const browser = await launchBrowser(chromium, [server.url]);
  try {
    const files = new Map<string, number>();
    const page = await browser.context.newPage();
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const body = await response.body().catch(() => undefined);
      if (body) files.set(response.url(), gzipSync(body, { level: 9 }).length / 1024);
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
    const warm: number[] = [];
    for (let i = 0; i < 7; i += 1) warm.push(await firstCluster());
    const list = [...files].map(([url, gzipKb]) => ({ url: new URL(url).pathname, gzipKb }));
    const sum = (ext: string) =>
      list.filter((f) => f.url.endsWith(ext)).reduce((total, f) => total + f.gzipKb, 0);
    return {
      jsGzipKb: sum('.js'),
      cssGzipKb: sum('.css'),
      files: list,
      firstClusterCold: cold,
      firstClusterWarm: summarise(warm),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

export function printWeb(f: WebFigures): void {
  console.log('  home page in Chromium (real server, demo data, loopback)');
  console.log(
    `    JS ${f.jsGzipKb.toFixed(1)} kB gzip + CSS ${f.cssGzipKb.toFixed(1)} kB gzip = ${(f.jsGzipKb + f.cssGzipKb).toFixed(1)} kB (fonts aside)`,
  );
  for (const file of f.files) console.log(`      ${file.url} ${file.gzipKb.toFixed(1)} kB`);
  console.log(
    `    first cluster drawn after navigation: cold ${ms(f.firstClusterCold)}, warm median ${ms(f.firstClusterWarm.median)} (p95 ${ms(f.firstClusterWarm.p95)})`,
  );
}
