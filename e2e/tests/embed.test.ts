import { expect, it } from 'vitest';
import { placeShownAsMarker, viewOf } from '../support/api.ts';
import { type BrowserSuite, describeInBrowser, type Engine } from '../support/browser-suite.ts';
import { type FramingSite, framingSiteFor } from '../support/framing-site.ts';

const ZAGREB = { lat: 45.813, lng: 15.977 };

/** The journeys of a map framed by another site, on either engine. */
function framedEmbedJourneys(suite: BrowserSuite, site: () => FramingSite) {
  it('shows only the map, 100% wide and 400 px high, with clusters, in a frame of another site', async () => {
    const { karta, baseUrl } = suite;
    const framed = await karta.openFramingPage(site().framing(`${baseUrl}/embed${viewOf(ZAGREB, 12)}`));
    expect(await framed.outcome()).toBe('shown');
    await framed.waitForMapData();
    const { map, frame } = await framed.sizes();
    expect(map.height).toBe(400);
    expect(map.width).toBe(frame.width);
    expect(frame.width).toBeGreaterThan(1000);
    expect(await framed.scrolls()).toBe(false);
    expect(await framed.engine()).toBe(suite.engine);
    expect((await framed.clusterCounts()).some((count) => count >= 2)).toBe(true);
    expect(await framed.siteChrome()).toBe(0);
  });

  it('opens a marker’s info window in the frame, keeps the selection in the frame’s URL, and opens Details in a new tab', async () => {
    const { karta, baseUrl } = suite;
    const { place } = await placeShownAsMarker(baseUrl, 16);
    const framed = await karta.openFramingPage(site().framing(`${baseUrl}/embed${viewOf(place, 16)}`));
    await framed.waitForMapData();
    await framed.clickMarker(place.id);
    await framed.infoWindow().waitFor();
    expect(await framed.infoWindow().innerText()).toContain(place.name.en ?? '');
    await expect.poll(() => framed.url().searchParams.get('place')).toBe(String(place.id));
    expect(framed.url().pathname).toBe('/embed');

    const details = await framed.detailsLink();
    expect(details).toEqual({ href: `${baseUrl}/places/${place.id}`, target: '_blank', rel: 'noopener' });
    expect(await framed.followDetails()).toBe(`${baseUrl}/places/${place.id}`);
    // The frame itself stayed on the embed.
    expect(framed.url().pathname).toBe('/embed');

    const full = await framed.viewOnKarta();
    expect(full.target).toBe('_blank');
    expect(full.rel).toBe('noopener');
    expect(full.href.startsWith(`${baseUrl}/?`)).toBe(true);
    expect(new URL(full.href).searchParams.get('place')).toBe(String(place.id));
  });
}

function framingSuite(engine: Engine) {
  describeInBrowser(
    `the embed in another site's frame (${engine})`,
    (suite) => {
      const theSite = framingSiteFor(suite);

      framedEmbedJourneys(suite, theSite);

      if (engine === 'leaflet') {
        it('is in the language its link asks for, and keeps it as the map moves', async () => {
          const { karta, baseUrl } = suite;
          const framed = await karta.openFramingPage(
            theSite().framing(`${baseUrl}/embed${viewOf(ZAGREB, 12)}&lang=hr`),
          );
          await framed.waitForMapData();
          expect(await framed.htmlLang()).toBe('hr');
          expect((await framed.viewOnKarta()).text).toMatch(/^Otvori na Karti/);
          await framed.clickSmallestCluster();
          await expect.poll(() => framed.zoom()).toBeGreaterThan(12);
          await expect.poll(() => framed.url().searchParams.get('z')).toBe(String(await framed.zoom()));
          expect(framed.url().searchParams.get('lang')).toBe('hr');
        });

        it('the rest of Karta refuses to be framed', async () => {
          const { karta, baseUrl } = suite;
          for (const path of ['/', '/places/1', '/review']) {
            const framed = await karta.openFramingPage(theSite().framing(`${baseUrl}${path}`));
            expect(await framed.outcome(), path).toBe('blocked');
          }
        });
      }
    },
    { engine },
  );
}

framingSuite('leaflet');
framingSuite('google');

describeInBrowser(
  'the share / embed dialog',
  (suite) => {
    const site = framingSiteFor(suite);

    it('copies the link to the view and the iframe code of its embed, and that code works on another site', async () => {
      const { karta, baseUrl } = suite;
      const { place } = await placeShownAsMarker(baseUrl, 16);
      await karta.openHome(viewOf(place, 16, place.id));
      await karta.infoWindow().waitFor();
      await karta.waitForMapToSettle();
      const { center, zoom } = await karta.mapState();

      await karta.openShareDialog();
      expect(await karta.copyFromShareDialog('link')).toMatch(/copied/i);
      const link = await karta.clipboardText();
      expect(link).toBe((await karta.shareDialogTexts()).link);
      const linked = new URL(link);
      expect(linked.origin + linked.pathname).toBe(`${baseUrl}/`);
      expect(linked.searchParams.get('place')).toBe(String(place.id));
      expect(Number(linked.searchParams.get('z'))).toBe(zoom);
      expect(Number(linked.searchParams.get('lat'))).toBeCloseTo(center.lat, 4);
      expect(Number(linked.searchParams.get('lng'))).toBeCloseTo(center.lng, 4);

      expect(await karta.copyFromShareDialog('code')).toMatch(/copied/i);
      const code = await karta.clipboardText();
      expect(code).toBe((await karta.shareDialogTexts()).code);
      expect(code).toMatch(
        /^<iframe src="[^"]+" width="100%" height="400" style="border:0" loading="lazy" title="[^"]+"><\/iframe>$/,
      );
      const src = new URL((/src="([^"]+)"/.exec(code)?.[1] ?? '').replace(/&amp;/g, '&'));
      expect(src.origin + src.pathname).toBe(`${baseUrl}/embed`);
      expect(src.search).toBe(linked.search);

      // Pasted into another site's page, the code shows the same view with the same place open.
      const framed = await karta.openFramingPage(site().page(code));
      expect(await framed.outcome()).toBe('shown');
      await framed.infoWindow().waitFor();
      expect(await framed.infoWindow().innerText()).toContain(place.name.en ?? '');
      expect((await framed.sizes()).map.height).toBe(400);
    });

    it('is a modal dialog that Escape closes, giving focus back to Share', async () => {
      const { karta } = suite;
      await karta.openHome(viewOf(ZAGREB, 12));
      await karta.openShareDialog();
      expect(await karta.shareDialog().getAttribute('role')).toBe('dialog');
      expect(await karta.shareDialog().getAttribute('aria-modal')).toBe('true');
      for (let step = 0; step < 6; step += 1) {
        await karta.page.keyboard.press('Tab');
        expect(await karta.shareDialog().evaluate((dialog) => dialog.contains(document.activeElement))).toBe(
          true,
        );
      }
      await karta.pressEscape();
      await karta.shareDialog().waitFor({ state: 'detached' });
      expect(await karta.focusedTestId()).toBe('share-button');
    });

    it('copies where the async clipboard API is missing', async () => {
      const { karta, page, session, baseUrl } = suite;
      await page.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true });
      });
      await karta.openHome(viewOf(ZAGREB, 12));
      await karta.openShareDialog();
      expect(await karta.copyFromShareDialog('code')).toMatch(/copied/i);
      const { code } = await karta.shareDialogTexts();
      const reader = await session.context.newPage();
      try {
        await reader.goto(`${baseUrl}/api/v1/health`);
        expect(await reader.evaluate(() => navigator.clipboard.readText())).toBe(code);
      } finally {
        await reader.close();
      }
    });
  },
  { clipboard: true },
);
