import { expect, it } from 'vitest';
import { placeShownAsMarker, viewOf } from '../support/api.ts';
import { describeInBrowser } from '../support/browser-suite.ts';

describeInBrowser('links to a view', (suite) => {
  it('restore the position, the zoom and the open info window', async () => {
    const { karta, baseUrl } = suite;
    const { place } = await placeShownAsMarker(baseUrl);
    // The place sits near the bottom of the view (about 170 px below the centre at zoom 15), so its
    // info window fits above it and the map need not move.
    const centre = { lat: place.lat + 0.005, lng: place.lng - 0.002 };
    await karta.openHome(viewOf(centre, 15, place.id));
    expect(await karta.infoWindowText()).toContain(place.name.en ?? '');
    const state = await karta.mapState();
    expect(state.zoom).toBe(15);
    expect(state.center.lat).toBeCloseTo(centre.lat, 4);
    expect(state.center.lng).toBeCloseTo(centre.lng, 4);
  });

  it('move the map just enough to show the info window when it would not fit (a phone)', async () => {
    const { karta, baseUrl } = suite;
    const { place } = await placeShownAsMarker(baseUrl);
    await karta.resize(375, 800);
    await karta.openHome(viewOf(place, 16, place.id));
    const window = await karta.infoWindow().boundingBox();
    const map = await suite.page.getByTestId('map').boundingBox();
    if (!window || !map) throw new Error('No info window or map');
    await expect
      .poll(async () => (await karta.infoWindow().boundingBox())?.y ?? -1)
      .toBeGreaterThanOrEqual(map.y);
    expect(window.x).toBeGreaterThanOrEqual(map.x);
    expect(window.x + window.width).toBeLessThanOrEqual(map.x + map.width);
  });

  it('keep the map position in the address as the map moves', async () => {
    const { karta } = suite;
    await karta.openHome();
    const before = await karta.mapState();
    const [cluster] = (await karta.clusters()).sort((a, b) => b.count - a.count);
    if (!cluster) throw new Error('No cluster to click');
    await karta.clickCluster(cluster.count);
    const after = await karta.waitForZoomChange(before.zoom);
    await expect.poll(() => karta.url().searchParams.get('z')).toBe(String(after.zoom));
    expect(Number(karta.url().searchParams.get('lat'))).toBeCloseTo(after.center.lat, 3);
    expect(Number(karta.url().searchParams.get('lng'))).toBeCloseTo(after.center.lng, 3);
  });

  it('show a designed page for a place that does not exist', async () => {
    const { karta, page } = suite;
    await karta.openPlacePage(999_999_999);
    await expect.poll(() => page.locator('main').innerText()).toMatch(/not found|doesn.t exist|no such/i);
  });
});
