import { expect, inject, it } from 'vitest';
import { apiOf } from '../support/api.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import { launchBrowser } from '../support/chromium.ts';
import { startKartaProxy } from '../support/karta-proxy.ts';
import { NearPage } from '../support/near-page.ts';
import { SearchBox } from '../support/search-page.ts';
import { waitForServiceWorker } from '../support/service-worker.ts';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** The width and height a PNG file says it has (its IHDR chunk). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describeInBrowser('installing Karta and using it offline', (suite) => {
  it('meets Chromium’s installability criteria: a complete manifest and a service worker in control', async () => {
    const { karta, page, baseUrl } = suite;
    await karta.openHome();
    await waitForServiceWorker(page);

    const href = await page.locator('head link[rel="manifest"]').getAttribute('href');
    const manifestUrl = new URL(href ?? '', baseUrl);
    const response = await fetch(manifestUrl);
    expect(response.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
    expect(manifest).toMatchObject({
      name: 'Karta',
      short_name: 'Karta',
      lang: 'en',
      start_url: '/',
      display: 'standalone',
      theme_color: '#1d4ed8',
      background_color: '#f9fafb',
    });
    const wanted = [
      { sizes: '192x192', purpose: 'any' },
      { sizes: '512x512', purpose: 'any' },
      { sizes: '512x512', purpose: 'maskable' },
    ];
    for (const { sizes, purpose } of wanted) {
      const icon = manifest.icons.find(
        (candidate) => candidate.sizes === sizes && candidate.purpose === purpose,
      );
      if (!icon) throw new Error(`No ${purpose} icon of ${sizes}`);
      const file = await fetch(new URL(icon.src, manifestUrl));
      expect(file.headers.get('content-type')).toBe('image/png');
      const { width, height } = pngSize(Buffer.from(await file.arrayBuffer()));
      expect(`${width}x${height}`).toBe(sizes);
    }

    // Chromium's own verdict, as its install button uses it.
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    await cdp.detach();
  });

  it('opens with no network once visited: the shell, the map answers it saw, and a banner saying since when', async () => {
    const { karta, page, session } = suite;
    await karta.openHome('?lat=45.813&lng=15.977&z=13');
    await waitForServiceWorker(page);
    // The map's answers of this view are saved once the worker controls the page.
    await page.reload();
    await karta.waitForMapData();
    const clustersOnline = (await karta.clusters()).map((cluster) => cluster.count).sort();
    expect(clustersOnline.length).toBeGreaterThan(0);
    await expect(page.getByTestId('offline-banner').count()).resolves.toBe(0);

    await session.context.setOffline(true);
    try {
      await page.reload();
      await karta.waitForMapData();
      expect((await karta.clusters()).map((cluster) => cluster.count).sort()).toEqual(clustersOnline);
      const banner = page.getByTestId('offline-banner');
      await banner.waitFor();
      expect(await banner.innerText()).toMatch(/You are offline — showing saved data from .*\d{4}/);

      // Back online, the banner goes by itself.
      await session.context.setOffline(false);
      await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
    } finally {
      await session.context.setOffline(false);
    }
  });

  it('saves an area, then with no network clusters it, searches it, answers Near me and opens a place there', async () => {
    const { karta, page, session, baseUrl } = suite;
    // Central Zagreb at zoom 13: a few thousand metres across, hundreds of places.
    await karta.openHome('?lat=45.81&lng=15.98&z=13');
    await waitForServiceWorker(page);
    await page.getByTestId('save-offline-area').click();
    const status = page.getByTestId('save-offline-status');
    await expect
      .poll(() => status.innerText(), { timeout: 20_000 })
      .toMatch(/^Saved [\d,]+ places \(.+\) on this device/);
    const saved = Number((await status.innerText()).match(/Saved ([\d,]+) places/)?.[1]?.replace(',', ''));
    expect(saved).toBeGreaterThan(100);

    await page.goto(`${baseUrl}/offline`);
    const area = page.getByTestId('saved-area');
    await area.waitFor();
    expect(await area.getByTestId('saved-area-summary').innerText()).toContain(
      `${saved.toLocaleString('en')} places`,
    );

    // What the server says for a view never opened in this browser, inside the saved area (a box
    // well within the view saved).
    const api = apiOf(baseUrl);
    const inner = { west: 15.92, south: 45.79, east: 16.04, north: 45.83 };
    const [station] = (await api.listPlaces({ q: 'Črnomerec', bbox: inner, limit: 1 })).items;
    if (!station) throw new Error('No place named Črnomerec');
    const near = await api.listPlaces({ near: { lat: 45.8, lng: 15.97 }, radius: 1000, limit: 100 });
    expect(near.total).toBeGreaterThan(0);

    await session.context.setOffline(true);
    try {
      // The map at zoom 15 somewhere else in the area: clustered in the browser from the saved places.
      await page.goto(`${baseUrl}/?lat=45.805&lng=15.975&z=15`);
      await karta.waitForMapData();
      const shown = await karta.shownPlaces();
      expect(shown.markers.length + shown.clustered).toBeGreaterThan(0);
      await page.getByTestId('offline-banner').waitFor();
      expect(await page.getByTestId('offline-banner').innerText()).toContain('showing saved data from');

      // Search ignores case and diacritics, as the server does.
      const search = new SearchBox(page);
      await search.search('CRNOMEREC');
      await expect.poll(() => karta.listIds(), { timeout: 15_000 }).toContain(station.id);

      // Near me at a point: the same places, nearest first.
      const nearPage = new NearPage(page, baseUrl);
      await page.goto(`${baseUrl}/near?lat=45.8&lng=15.97&r=1000&tab=near`);
      expect(await nearPage.total()).toBe(near.total);
      const results = await nearPage.results();
      expect(results.map((result) => result.id)).toEqual(
        near.items.slice(0, results.length).map((place) => place.id),
      );

      // A place page never opened before.
      await page.goto(`${baseUrl}/places/${station.id}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
        station.name.en ?? station.name.hr,
      );
    } finally {
      await session.context.setOffline(false);
    }
  });
});

it.skipIf(!inject('chromiumPath'))(
  'offers a new version once deployed, and reloads every open tab with it when asked',
  async () => {
    const proxy = await startKartaProxy(inject('kartaUrl'));
    const session = await launchBrowser(inject('chromiumPath'), [proxy.url]);
    try {
      const first = await session.context.newPage();
      await first.goto(`${proxy.url}/`);
      await waitForServiceWorker(first);
      const second = await session.context.newPage();
      await second.goto(`${proxy.url}/about-karta-offline`);
      await waitForServiceWorker(second);
      // Marks that a reload wipes: proof that a tab did not keep running the old version.
      for (const page of [first, second])
        await page.evaluate(() => Object.assign(window, { oldVersion: true }));
      expect(await first.getByTestId('update-prompt').count()).toBe(0);

      proxy.deployNewBuild();
      const asked = proxy.serviceWorkerRequests();
      // What the page does when it comes back into view; here, at once.
      await first.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      expect(proxy.serviceWorkerRequests()).toBeGreaterThan(asked);
      const prompt = first.getByTestId('update-prompt');
      await prompt.waitFor({ timeout: 20_000 });
      expect(await prompt.innerText()).toContain('A new version of Karta is ready');
      // The old version keeps running until asked: no reload by itself.
      expect(await first.evaluate(() => 'oldVersion' in window)).toBe(true);

      await first.getByTestId('update-reload').click();
      for (const page of [first, second]) {
        await page.waitForFunction(() => !('oldVersion' in window), null, { timeout: 20_000 });
        await waitForServiceWorker(page);
      }
      expect(await first.getByTestId('update-prompt').count()).toBe(0);
      const waiting = await first.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())?.waiting,
      );
      expect(waiting).toBeNull();
    } finally {
      await session.close();
      await proxy.close();
    }
  },
);
