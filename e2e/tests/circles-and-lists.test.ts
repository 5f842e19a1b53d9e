import { expect, it } from 'vitest';
import { apiOf, viewOf } from '../support/api.ts';
import { describeInBrowser } from '../support/browser-suite.ts';

describeInBrowser('cluster lists', (suite) => {
  it('lists the places of a cluster at the highest zoom instead of zooming', async () => {
    const { karta, baseUrl } = suite;
    const api = apiOf(baseUrl);
    const { clusters } = await api.map({
      bbox: { west: 15.6, south: 45.5, east: 16.4, north: 46.1 },
      zoom: 18,
      lang: 'en',
    });
    const stack = clusters[0];
    if (!stack) throw new Error('The demo data has no places sharing one spot');
    await karta.openHomeReadingMapData(viewOf(stack, 18));
    await karta.clickCluster(stack.count);
    const list = karta.clusterInfoWindow();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(stack.count);
    // The list window pans the map to fit; press a place in it once the map is still.
    await karta.waitForMapToSettle();
    expect((await karta.mapState()).zoom).toBe(18);
    // Choosing one of them opens its own info window.
    const first = list.getByRole('listitem').first();
    const name = (await first.innerText()).split('\n')[0]?.trim() ?? '';
    await first.getByRole('button').first().click();
    await expect.poll(() => karta.url().searchParams.get('place')).not.toBeNull();
    expect(await karta.infoWindowText()).toContain(name);
  });
});
