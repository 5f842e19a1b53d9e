import type { Page } from 'playwright-core';

/** Waits until Karta's service worker controls the page (it registers after the first view). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}
