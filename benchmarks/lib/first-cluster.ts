import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';

/**
 * For `page.addInitScript`: records in the page (`window.__firstCluster`, from navigation start)
 * when the map's first cluster is drawn, seen by a MutationObserver.
 */
export function recordFirstCluster(): void {
  const observer = new MutationObserver(() => {
    if (document.querySelector('[data-testid=cluster]')) {
      (window as unknown as { __firstCluster?: number }).__firstCluster = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * Opens `url` in a page that has {@link recordFirstCluster} as an init script and returns the
 * time from navigation start to the first cluster drawn.
 */
export async function firstClusterAt(page: Page, url: string, timeoutMs = 30_000): Promise<number> {
  await page.goto(url);
  await page.locator('[data-testid=cluster]').first().waitFor({ timeout: timeoutMs });
  return page.evaluate(() => (window as unknown as { __firstCluster?: number }).__firstCluster ?? Number.NaN);
}

/**
 * Waits until a service worker controls the page (Karta registers its own after the first view,
 * when the page is idle); false if none did within `timeoutMs`.
 */
export async function waitForServiceWorker(page: Page, timeoutMs = 30_000): Promise<boolean> {
  return page
    .waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: timeoutMs })
    .then(
      () => true,
      () => false,
    );
}

let built = false;

/** `npm run build --workspace @karta/web`, once per run (the benches in Chromium share it). */
export function buildWebOnce(): void {
  if (built) return;
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@karta/web'], { stdio: 'ignore' });
  if (build.status !== 0) throw new Error('npm run build failed');
  built = true;
}
