import { CLUSTER_ICON_SIZES, clusterTier } from '@karta/map-core';
import { expect, it } from 'vitest';
import { placeShownAsMarker, viewOf } from '../support/api.ts';
import { describeInBrowser } from '../support/browser-suite.ts';

describeInBrowser('the map on the home page', (suite) => {
  for (const width of [375, 768, 1280]) {
    it(`is 100% wide and 400 px high at ${width} px, without horizontal scrolling`, async () => {
      const { karta } = suite;
      await karta.resize(width);
      await karta.openHome();
      const size = await karta.mapSize();
      const page = await karta.pageWidth();
      expect(size.height).toBe(400);
      expect(Math.round(size.width)).toBe(page.viewport);
      expect(page.scroll).toBeLessThanOrEqual(page.viewport);
    });
  }

  it('opens on Zagreb (45.8, 16.0) at zoom 10 with the open engine', async () => {
    const { karta } = suite;
    await karta.openHome();
    const state = await karta.mapState();
    expect(state.engine).toBe('leaflet');
    expect(state.zoom).toBe(10);
    // Within a fraction of a screen pixel (at zoom 10 one pixel is about 0.0014° of longitude).
    expect(state.center.lat).toBeCloseTo(45.8, 3);
    expect(state.center.lng).toBeCloseTo(16.0, 3);
  });

  it('draws clusters as buttons sized and coloured by the tier of their count', async () => {
    const { karta } = suite;
    await karta.openHome('?lat=45.8&lng=16&z=9');
    const clusters = await karta.clusters();
    expect(clusters.length).toBeGreaterThan(0);
    for (const cluster of clusters) {
      expect(cluster.count).toBeGreaterThanOrEqual(2);
      expect(cluster.tier).toBe(clusterTier(cluster.count));
      expect(Math.round(cluster.width)).toBe(CLUSTER_ICON_SIZES[cluster.tier - 1]);
      expect(Math.round(cluster.height)).toBe(CLUSTER_ICON_SIZES[cluster.tier - 1]);
      expect(cluster.label.replace(/\D/g, '')).toContain(String(cluster.count));
    }
    // Higher tiers are a deeper blue: their colour is darker.
    const colors = await karta.clusterColors();
    const tiers = Object.keys(colors).map(Number).sort();
    const lightness = tiers.map((tier) => luminance(colors[tier] ?? ''));
    expect(lightness).toEqual([...lightness].sort((a, b) => b - a));
  });

  it('zooms to a cluster’s bounds when it is clicked', async () => {
    const { karta } = suite;
    const body = await karta.openHomeReadingMapData();
    const before = await karta.mapState();
    const target = body.clusters.sort((a, b) => b.count - a.count)[0];
    if (!target) throw new Error('The demo data shows no cluster at zoom 10');
    await karta.clickCluster(target.count);
    const after = await karta.waitForZoomChange(before.zoom);
    expect(after.zoom).toBeGreaterThan(before.zoom);
    const { west, south, east, north } = target.bounds;
    expect(after.center.lat).toBeGreaterThanOrEqual(south - 1e-6);
    expect(after.center.lat).toBeLessThanOrEqual(north + 1e-6);
    expect(after.center.lng).toBeGreaterThanOrEqual(west - 1e-6);
    expect(after.center.lng).toBeLessThanOrEqual(east + 1e-6);
  });

  it('opens a place’s info window when its marker is clicked', async () => {
    const { karta, baseUrl } = suite;
    const { place } = await placeShownAsMarker(baseUrl);
    await karta.openHome(viewOf(place, 16));
    const label = await karta.markerLabel(place.id);
    expect(label).toContain(place.name.en ?? '');
    await karta.clickMarker(place.id);
    const text = await karta.infoWindowText();
    expect(text).toContain(place.name.en ?? '');
    expect(karta.url().searchParams.get('place')).toBe(String(place.id));
  });
});

/** Relative luminance of a CSS `rgb(r, g, b)` colour. */
function luminance(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+/g) ?? []).map(Number);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
