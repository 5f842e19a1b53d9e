import { expect, it } from 'vitest';
import { describeInBrowser } from '../support/browser-suite.ts';

describeInBrowser('links to a view', (suite) => {
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
