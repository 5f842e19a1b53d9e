import { expect, it } from 'vitest';
import { apiOf, viewOf } from '../support/api.ts';
import { describeInBrowser } from '../support/browser-suite.ts';

describeInBrowser('cluster lists', (suite) => {
  it('lists the places of a cluster at the highest zoom instead of zooming', async () => {
    const { karta, baseUrl } = suite;
    const api = apiOf(baseUrl);
    // The city centre, about 3 700 × 1 300 px at zoom 18: a larger box is answered at a coarser
    // zoom (the map's feature cap), whose clusters are not the ones zoom 18 shows.
    const { clusters } = await api.map({
      bbox: { west: 15.967, south: 45.8105, east: 15.987, north: 45.8155 },
      zoom: 18,
      lang: 'en',
    });
    const found = clusters[0];
    if (!found) throw new Error('The demo data has no cluster at the highest zoom in the city centre');
    // Clusters depend on the cells read around a view: take the one the page itself drew there.
    const drawn = await karta.openHomeReadingMapData(viewOf(found, 18));
    const gap = (c: { lat: number; lng: number }) => Math.hypot(c.lat - found.lat, c.lng - found.lng);
    const stack = drawn.clusters.reduce<(typeof drawn.clusters)[number] | undefined>(
      (best, c) => (!best || gap(c) < gap(best) ? c : best),
      undefined,
    );
    if (!stack) throw new Error('The page drew no cluster where the API answered one');
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
