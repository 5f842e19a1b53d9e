import { expect, it } from 'vitest';
import { drawnBasemap, recordRequests, savedTileCount } from '../support/basemap.ts';
import { describeInBrowser } from '../support/browser-suite.ts';

/** Whether every recorded request went to the Karta server itself. */
const foreign = (urls: readonly string[], baseUrl: string) =>
  urls.filter(
    (url) => !url.startsWith(`${baseUrl}/`) && !url.startsWith('data:') && !url.startsWith('blob:'),
  );

// A file of its own: a fresh profile, with no tile or saved area of another test's visit.
describeInBrowser(
  'a base map of the deployment’s own',
  (suite) => {
    it('draws the vector base map on a phone with nothing asked of another server, places over it', async () => {
      const { karta, page, baseUrl } = suite;
      const requests = recordRequests(page);
      await karta.resize(375, 740);
      await karta.openHome();
      await karta.waitForMapData();
      await expect
        .poll(async () => (await drawnBasemap(page)).colours, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(4);
      const drawn = await drawnBasemap(page);
      expect(drawn.tiles).toBeGreaterThan(0);
      // Its own tiles, vector, from this server; none of another tile server's.
      const tiles = requests.urls.filter((url) => url.includes('/tiles/'));
      expect(tiles.length).toBeGreaterThan(0);
      expect(tiles.every((url) => /\/tiles\/\d+\/\d+\/\d+\.mvt$/.test(url))).toBe(true);
      expect(foreign(requests.urls, baseUrl)).toEqual([]);
      requests.stop();
      // Places are still drawn over it, and the archive's attribution is shown.
      const shown = await karta.shownPlaces();
      expect(shown.markers.length + shown.clustered).toBeGreaterThan(0);
      expect(await page.locator('.leaflet-control-attribution').innerText()).toContain('OpenStreetMap');
    });

    it('draws deeper than the archive’s zooms from its deepest tiles (over-zoom)', async () => {
      const { karta, page } = suite;
      // The archive stops at zoom 12; zoom 16 is drawn from zoom 12's tiles, enlarged.
      await karta.openHome('?lat=45.813&lng=15.977&z=16');
      await karta.waitForMapData();
      await expect
        .poll(async () => (await drawnBasemap(page)).colours, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(2);
      expect((await karta.mapState()).zoom).toBe(16);
    });

    it('keeps the saved area’s background: after one press and no network, the map draws it, and removing the area drops it', async () => {
      const { karta, page, session, baseUrl } = suite;
      await karta.resize(375, 740);
      await karta.openHome('?lat=45.81&lng=15.98&z=14');
      await karta.waitForMapData();
      await page.getByTestId('save-offline-area').click();
      const status = page.getByTestId('save-offline-status');
      await expect.poll(() => status.innerText(), { timeout: 60_000 }).toMatch(/^Saved [\d,]+ places/);
      expect(await savedTileCount(page)).toBeGreaterThan(0);

      await session.context.setOffline(true);
      try {
        // A zoom deeper than the one seen: its tiles (zoom 14's data) can only come from the saved area.
        await page.goto(`${baseUrl}/?lat=45.812&lng=15.982&z=15`);
        await karta.waitForMapData();
        await page.getByTestId('offline-banner').waitFor();
        await expect
          .poll(async () => (await drawnBasemap(page)).colours, { timeout: 20_000 })
          .toBeGreaterThanOrEqual(3);
        // The saved areas page says the background was kept.
        await page.goto(`${baseUrl}/offline`);
        await expect
          .poll(() => page.getByTestId('saved-area-basemap').innerText(), { timeout: 15_000 })
          .toContain('With its background map to zoom 12');
      } finally {
        await session.context.setOffline(false);
      }
      await page.getByTestId('remove-saved-area').click();
      await expect.poll(() => page.getByTestId('saved-area').count()).toBe(0);
      expect(await savedTileCount(page)).toBe(0);
    });
  },
  { ownBasemap: true },
);
