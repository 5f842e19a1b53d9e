import { expect, it } from 'vitest';
import { AddressSearch } from '../support/address-search.ts';
import { apiOf } from '../support/api.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import { SearchBox } from '../support/search-page.ts';

// A file of its own: a fresh browser profile, with nothing cached by another test's visit.
describeInBrowser('offline on first use', (suite) => {
  it('after saving the area on the first page ever opened, Karta starts with no network, in either language', async () => {
    const { karta, page, session, baseUrl } = suite;
    // A place far from the area saved below (south-west of the city, kilometres away).
    const [faraway] = (
      await apiOf(baseUrl).listPlaces({ near: { lat: 45.7, lng: 15.8 }, radius: 20_000, limit: 1 })
    ).items;
    if (!faraway) throw new Error('No place south-west of the city');
    // The shortest real path: the first visit, one click, and the network gone before any other page.
    await karta.resize(375, 740);
    await karta.openHome('?lat=45.81&lng=15.98&z=14');
    await page.getByTestId('save-offline-area').click();
    const status = page.getByTestId('save-offline-status');
    await expect.poll(() => status.innerText(), { timeout: 45_000 }).toMatch(/^Saved [\d,]+ places/);

    await session.context.setOffline(true);
    try {
      await page.reload();
      // Not "Karta could not start": the map, drawn from the saved places.
      await karta.waitForMapData();
      const shown = await karta.shownPlaces();
      expect(shown.markers.length + shown.clustered).toBeGreaterThan(0);
      await page.getByTestId('offline-banner').waitFor();

      // The address search finds the saved area's towns, and says that streets need the network.
      await new SearchBox(page).type('Zagr');
      const addresses = new AddressSearch(page);
      expect(await addresses.addressOptions()).toContain('Zagreb');
      expect(await addresses.savedOnlyNote()).toContain('No network: only the towns of your saved areas');
      await addresses.press('Escape');
      await addresses.press('Escape');

      // The other language's messages were stored with the app too.
      await karta.switchLanguage('hr');
      await expect.poll(() => karta.htmlLang()).toBe('hr');
      await expect.poll(() => page.getByTestId('offline-banner').innerText()).toMatch(/^Niste povezani/);

      // A place outside the saved area says so, rather than only that the server cannot be reached.
      await karta.switchLanguage('en');
      await page.goto(`${baseUrl}/places/${faraway.id}`);
      await expect
        .poll(() => page.getByRole('alert').innerText(), { timeout: 15_000 })
        .toContain('not in an area saved on this device');
    } finally {
      await session.context.setOffline(false);
    }
  });
});
