import { expect, it } from 'vitest';
import { describeInBrowser } from '../support/browser-suite.ts';
import { GOOGLE_TEST_KEY } from '../support/google-maps.ts';
import { receivedItems } from '../support/sentry.ts';

/** The time-out for Google's script (docs/product-rules.md §Map). */
const TIMEOUT_MS = 5000;

describeInBrowser('the open engine', (suite) => {
  it('never asks for Google’s script', async () => {
    const { karta, googleMaps } = suite;
    await karta.openHome();
    await karta.zoomUntilMarkers(2);
    expect((await karta.mapState()).engine).toBe('leaflet');
    expect(googleMaps.requests).toHaveLength(0);
  });
});

describeInBrowser(
  'Google’s script',
  (suite) => {
    it('is asked for once, with the configured key, version and libraries, the UI language and a callback', async () => {
      const { karta, googleMaps } = suite;
      const earlier = googleMaps.requests.length;
      await karta.openHome();
      expect((await karta.mapState()).engine).toBe('google');
      expect(googleMaps.requests).toHaveLength(earlier + 1);
      const { url } = googleMaps.requests.at(-1) ?? { url: new URL('about:blank') };
      expect(url.origin + url.pathname).toBe('https://maps.googleapis.com/maps/api/js');
      expect(url.searchParams.get('key')).toBe(GOOGLE_TEST_KEY);
      expect(url.searchParams.get('v')).toBe('weekly');
      expect(url.searchParams.get('libraries')).toBe('geometry,places');
      expect(url.searchParams.get('language')).toBe('en');
      expect(url.searchParams.has('client')).toBe(false);
      expect(url.searchParams.get('callback')).toMatch(/^[A-Za-z_$][\w$]*$/);
      // Moving the map never asks for it again.
      await karta.zoomUntilMarkers(2);
      expect(googleMaps.requests).toHaveLength(earlier + 1);
    });

    it('times out after 5 s: the user is told, the open map stands in and works, the error is reported', async () => {
      const { karta, page, googleMaps, sentryUrl } = suite;
      googleMaps.serve('silent');
      await page.goto(`${suite.baseUrl}/`);
      await karta.mapError().waitFor({ timeout: 15_000 });
      const shownAt = Date.now();
      const requestedAt = googleMaps.requests.at(-1)?.at ?? 0;
      // About 5 s after the script was asked for: not before, and not long after.
      expect(shownAt - requestedAt).toBeGreaterThanOrEqual(TIMEOUT_MS - 300);
      expect(shownAt - requestedAt).toBeLessThan(TIMEOUT_MS + 3000);
      expect(await karta.mapError().innerText()).toMatch(/too long/i);

      // The open engine draws meanwhile, and the map works.
      expect((await karta.mapState()).engine).toBe('leaflet');
      await karta.waitForMapData();
      const before = await karta.mapState();
      const [cluster] = (await karta.clusters()).sort((a, b) => b.count - a.count);
      if (!cluster) throw new Error('No cluster on the fallback map');
      await karta.clickCluster(cluster.count);
      expect((await karta.waitForZoomChange(before.zoom)).zoom).toBeGreaterThan(before.zoom);

      // Reported with the engine and how long it took.
      await expect
        .poll(
          async () =>
            (await receivedItems(sentryUrl)).find((item) => item.raw.includes('Loading took too long')),
          {
            timeout: 15_000,
          },
        )
        .toBeTruthy();
      const event = (await receivedItems(sentryUrl)).find(
        (item) => item.type === 'event' && item.raw.includes('Loading took too long'),
      );
      expect(event?.payload.exception?.values?.[0]?.value).toBe('Loading took too long');
      expect(event?.payload.extra?.mapEngine).toBe('google');
      expect(Number(event?.payload.extra?.durationMs)).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    });

    it('tries Google again on Retry, and draws with it once the script loads', async () => {
      const { karta, page, googleMaps } = suite;
      googleMaps.serve('silent');
      await page.goto(`${suite.baseUrl}/`);
      await karta.mapError().waitFor({ timeout: 15_000 });
      const requestsBefore = googleMaps.requests.length;
      googleMaps.serve('stand-in');
      await karta.retryMap();
      await expect.poll(() => googleMaps.requests.length).toBe(requestsBefore + 1);
      await expect.poll(async () => (await karta.mapState()).engine).toBe('google');
      await karta.waitForMapData();
      expect(await karta.mapError().count()).toBe(0);
    });

    it('falls back at once when the script fails to load, with its own message', async () => {
      const { karta, page, googleMaps } = suite;
      googleMaps.serve('error');
      await page.goto(`${suite.baseUrl}/`);
      await karta.mapError().waitFor({ timeout: 15_000 });
      const waited = Date.now() - (googleMaps.requests.at(-1)?.at ?? 0);
      expect(waited).toBeLessThan(TIMEOUT_MS - 1000);
      const message = await karta.mapError().innerText();
      expect(message).toMatch(/could not|couldn.t/i);
      expect(message).not.toMatch(/too long/i);
      expect((await karta.mapState()).engine).toBe('leaflet');
      await karta.waitForMapData();
    });

    it('hands over to the open map when Google refuses the key after drawing', async () => {
      const { karta, page, googleMaps, sentryUrl } = suite;
      googleMaps.serve('refusing');
      await page.goto(`${suite.baseUrl}/`);
      await karta.mapError().waitFor({ timeout: 15_000 });
      expect(await karta.mapError().innerText()).toMatch(/could not|couldn.t/i);
      await expect.poll(async () => (await karta.mapState()).engine).toBe('leaflet');
      await karta.waitForMapData();
      await expect
        .poll(
          async () => (await receivedItems(sentryUrl)).find((item) => item.raw.includes('refused the key')),
          {
            timeout: 15_000,
          },
        )
        .toBeTruthy();
      const event = (await receivedItems(sentryUrl)).find(
        (item) => item.type === 'event' && item.raw.includes('refused the key'),
      );
      expect(event?.payload.extra?.mapEngine).toBe('google');
    });

    it('keeps the loaded language until a reload, which the map offers after a language switch', async () => {
      const { karta, googleMaps } = suite;
      const earlier = googleMaps.requests.length;
      await karta.openHome();
      expect(googleMaps.requests).toHaveLength(earlier + 1);
      expect(await karta.languageNote().count()).toBe(0);
      await karta.switchLanguage('hr');
      // Karta's own buttons follow at once; Google's labels need a new page.
      await karta.languageNote().waitFor();
      await expect.poll(async () => (await karta.clusters())[0]?.label ?? '').toMatch(/mjest/);
      expect(googleMaps.requests).toHaveLength(earlier + 1);
      await karta.reloadForLanguage();
      await karta.waitForMapData();
      expect(googleMaps.requests).toHaveLength(earlier + 2);
      expect(googleMaps.requests.at(-1)?.url.searchParams.get('language')).toBe('hr');
      expect((await karta.mapState()).engine).toBe('google');
      expect(await karta.languageNote().count()).toBe(0);
    });
  },
  { engine: 'google' },
);
