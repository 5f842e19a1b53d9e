import { expect, it } from 'vitest';
import { adminApi } from '../support/accounts.ts';
import { viewOf } from '../support/api.ts';
import { describeInBrowser } from '../support/browser-suite.ts';

/** User text that would run script if it were ever rendered as HTML. */
const PAYLOADS = {
  name: '<img src=x onerror="window.__xss=1">',
  description: '<script data-xss>window.__xss=2</script><svg data-xss onload="window.__xss=3"></svg>',
  address: '"><img src=x onerror="window.__xss=4">',
};

describeInBrowser('user text is rendered as text, never as markup', (suite) => {
  it('shows script-like names, descriptions and addresses literally in the list, the info window and the place page', async () => {
    const { karta, baseUrl } = suite;
    const { api } = await adminApi(baseUrl);
    const categories = await api.categories();
    // A spot of its own, away from the demo data, so the place is a marker and first in the list.
    const spot = { lat: 46.21, lng: 16.48 };
    const proposed = await api.createPlace({
      categoryId: categories.items[0]?.id ?? 1,
      name: { en: PAYLOADS.name },
      description: { en: PAYLOADS.description },
      address: PAYLOADS.address,
      ...spot,
    });
    await api.transitionPlace(proposed.id, { to: 'published', version: proposed.version });
    // The map follows the change log: wait until the place is in the map's answer.
    await expect
      .poll(
        async () => {
          const { places } = await api.map({
            bbox: {
              west: spot.lng - 0.01,
              south: spot.lat - 0.01,
              east: spot.lng + 0.01,
              north: spot.lat + 0.01,
            },
            zoom: 16,
          });
          return places.map((p) => p.id);
        },
        { timeout: 10_000 },
      )
      .toContain(proposed.id);

    await karta.openHome(viewOf(spot, 16, proposed.id));
    expect(await karta.infoWindowText()).toContain(PAYLOADS.name);
    expect(await karta.infoWindowText()).toContain(PAYLOADS.address);
    const listText = await karta.listItems().first().innerText();
    expect(listText).toContain(PAYLOADS.name);
    expect(await karta.markerLabel(proposed.id)).toContain(PAYLOADS.name);
    expect(await karta.injectedMarkup()).toEqual({ elements: 0, scriptRan: false });

    await karta.openPlacePage(proposed.id);
    await expect.poll(() => karta.page.locator('main').innerText()).toContain(PAYLOADS.description);
    expect(await karta.injectedMarkup()).toEqual({ elements: 0, scriptRan: false });
  });
});
