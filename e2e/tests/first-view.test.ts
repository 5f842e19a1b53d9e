import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser } from '../support/browser-suite.ts';

/** A map tile's address as the open engine asks for it: `/{z}/{x}/{y}.png`. */
const TILE = /\/\d+\/\d+\/\d+\.png$/;

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

interface Drawn {
  header: Box;
  logo: Box;
  map: Box;
  /** The tiles shown, by address, at their place on the page. */
  tiles: Record<string, Box>;
}

/** The page's header, logo, map and shown tiles as laid out now, from the selectors given. */
function measure(page: Page, selectors: { header: string; logo: string; map: string; tiles: string }) {
  return page.evaluate((s): Drawn => {
    const box = (element: Element | null): Box => {
      if (!element) throw new Error('missing element');
      const { left, top, width, height } = element.getBoundingClientRect();
      return { left, top, width, height };
    };
    const tiles: Record<string, Box> = {};
    for (const tile of document.querySelectorAll<HTMLImageElement>(s.tiles)) {
      if (getComputedStyle(tile).display !== 'none') tiles[tile.src] = box(tile);
    }
    return {
      header: box(document.querySelector(s.header)),
      logo: box(document.querySelector(s.logo)),
      map: box(document.querySelector(s.map)),
      tiles,
    };
  }, selectors);
}

function expectSameBox(actual: Box, expected: Box, what: string) {
  for (const side of ['left', 'top', 'width', 'height'] as const) {
    expect(Math.abs(actual[side] - expected[side]), `${what}: ${side}`).toBeLessThanOrEqual(1);
  }
}

describeInBrowser('the home page paints its map before any script has run', (suite) => {
  it.each([375, 768, 1280])(
    'at %i px the first view lies where the app then draws its header and map, with the same tiles',
    async (width) => {
      const { page, session, baseUrl } = suite;
      await page.setViewportSize({ width, height: 800 });

      // What the server's page shows with no script at all: a slow phone sees this first.
      const before = await session.context.newPage();
      const asked: string[] = [];
      before.on('request', (request) => {
        if (TILE.test(request.url())) asked.push(request.url());
      });
      await before.setViewportSize({ width, height: 800 });
      await before.route('**/*.js', (route) => route.abort());
      await before.goto(`${baseUrl}/`);
      await before.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('#first-view-map img')].every(
          (tile) => getComputedStyle(tile).display === 'none' || tile.complete,
        ),
      );
      const first = await measure(before, {
        header: '.kfv-header',
        logo: '.kfv-logo',
        map: '#first-view-map',
        tiles: '#first-view-map img',
      });
      const centreTile = await before.locator('#first-view-map img[fetchpriority=high]').count();
      await before.close();

      // The app, once its map engine has drawn.
      await page.goto(`${baseUrl}/`);
      await page.locator('[data-testid=map][data-engine=leaflet] .leaflet-tile').first().waitFor();
      await page.locator('#first-view-map').waitFor({ state: 'detached' });
      const app = await measure(page, {
        header: 'header',
        logo: 'header a svg',
        map: '[data-testid=map]',
        tiles: '[data-testid=map] .leaflet-tile',
      });

      expectSameBox(first.header, app.header, 'header');
      expectSameBox(first.logo, app.logo, 'logo');
      expectSameBox(first.map, app.map, 'map');
      expect(Object.keys(app.tiles).length).toBeGreaterThan(0);
      expect(Object.keys(first.tiles).sort()).toEqual(Object.keys(app.tiles).sort());
      for (const [url, box] of Object.entries(app.tiles)) {
        const shown = first.tiles[url];
        expect(shown, url).toBeDefined();
        if (shown) expectSameBox(shown, box, url);
      }
      // Only the tiles this screen shows are fetched, the one under the centre first in line.
      expect(new Set(asked)).toEqual(new Set(Object.keys(app.tiles)));
      expect(centreTile).toBe(1);
    },
  );

  it('has no first view where the page opens on something else, and the map shows through once drawn', async () => {
    const { page, baseUrl } = suite;
    for (const path of ['/?lat=45.81&lng=15.98&z=12', '/near', '/places/1']) {
      const html = await (
        await page.request.get(`${baseUrl}${path}`, { headers: { accept: 'text/html' } })
      ).text();
      expect(html, path).not.toContain('first-view-map');
    }

    await suite.karta.resize(375, 740);
    await suite.karta.openHome();
    await page.locator('#first-view-map').waitFor({ state: 'detached' });
    // A tap on the map reaches the map, nothing lies over it: the cluster in its middle zooms in.
    const before = await suite.karta.mapState();
    await suite.karta.clickClusterAtCentre();
    expect((await suite.karta.waitForZoomChange(before.zoom)).zoom).toBeGreaterThan(before.zoom);
  });
});
