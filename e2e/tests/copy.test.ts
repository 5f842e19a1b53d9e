import { expect, it } from 'vitest';
import { placeShownAsMarker, viewOf } from '../support/api.ts';
import { describeInBrowser } from '../support/browser-suite.ts';

describeInBrowser(
  'copy actions in the info window',
  (suite) => {
    async function openInfoWindowOfPlaceWithAddress() {
      const { karta, baseUrl } = suite;
      const { place } = await placeShownAsMarker(baseUrl, 16, (candidate) => Boolean(candidate.address));
      await karta.openHome(viewOf(place, 16));
      await karta.clickMarker(place.id);
      await karta.infoWindow().waitFor();
      return place;
    }

    it('copies the address', async () => {
      const { karta } = suite;
      const place = await openInfoWindowOfPlaceWithAddress();
      await karta.copy('address');
      expect(await karta.clipboardText()).toBe(place.address);
    });

    it('copies a link that reopens the same view with the same info window', async () => {
      const { karta, session, baseUrl } = suite;
      const place = await openInfoWindowOfPlaceWithAddress();
      // The view the link is copied from: once the map has panned to fit the window.
      await karta.waitForMapToSettle();
      await karta.copy('link');
      const link = await karta.clipboardText();
      const before = await karta.mapState();
      expect(link.startsWith(baseUrl)).toBe(true);
      expect(new URL(link).searchParams.get('place')).toBe(String(place.id));

      const second = await session.context.newPage();
      try {
        await second.goto(link);
        await second.getByTestId('info-window').waitFor();
        expect(await second.getByTestId('info-window').innerText()).toContain(place.name.en ?? '');
        const map = second.getByTestId('map');
        expect(Number(await map.getAttribute('data-zoom'))).toBe(before.zoom);
        const [lat, lng] = ((await map.getAttribute('data-center')) ?? '').split(',').map(Number);
        expect(lat).toBeCloseTo(before.center.lat, 4);
        expect(lng).toBeCloseTo(before.center.lng, 4);
      } finally {
        await second.close();
      }
    });

    it('still copies where the async clipboard API is missing', async () => {
      const { karta, page, session } = suite;
      // Old browsers and insecure origins have no navigator.clipboard: the fallback must copy.
      await page.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true });
      });
      const place = await openInfoWindowOfPlaceWithAddress();
      expect(await page.evaluate(() => typeof navigator.clipboard)).toBe('undefined');
      const toast = await karta.copy('coordinates');
      expect(toast).toMatch(/copied/i);
      // Read the system clipboard from a page that still has the API.
      const reader = await session.context.newPage();
      try {
        await reader.goto(`${suite.baseUrl}/api/v1/health`);
        expect(await reader.evaluate(() => navigator.clipboard.readText())).toBe(
          `${place.lat.toFixed(6)}, ${place.lng.toFixed(6)}`,
        );
      } finally {
        await reader.close();
      }
    });
  },
  { clipboard: true },
);
