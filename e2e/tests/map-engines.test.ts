import type { MapResponse } from '@karta/contracts';
import { CLUSTER_ICON_SIZES, clusterTier, type LatLng, project } from '@karta/map-core';
import { expect, it } from 'vitest';
import { placeShownAsMarker, viewOf } from '../support/api.ts';
import { describeInBrowser, type Engine } from '../support/browser-suite.ts';

/**
 * The contract both map engines keep: the same journeys, run once on the open engine (Leaflet) and
 * once on a deployment with a Google Maps key, whose script the browser gets from the local
 * stand-in of the Maps JavaScript API. Feature code is the same; only the adapter differs.
 */
for (const engine of ['leaflet', 'google'] satisfies Engine[]) {
  describeInBrowser(
    `the map on the ${engine} engine`,
    (suite) => {
      it('opens on Zagreb (45.8, 16.0) at zoom 10, drawn by this engine', async () => {
        const { karta } = suite;
        await karta.openHome();
        const state = await karta.mapState();
        expect(state.engine).toBe(engine);
        expect(state.zoom).toBe(10);
        // Within a fraction of a screen pixel (at zoom 10 one pixel is about 0.0014° of longitude).
        expect(state.center.lat).toBeCloseTo(45.8, 3);
        expect(state.center.lng).toBeCloseTo(16.0, 3);
        expect(await karta.mapSize()).toMatchObject({ height: 400 });
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

      it('draws each cluster at its position on the map', async () => {
        const { karta } = suite;
        const body = await karta.openHomeReadingMapData();
        const [cluster] = body.clusters.sort((a, b) => b.count - a.count);
        if (!cluster) throw new Error('The demo data shows no cluster at zoom 10');
        // The button's centre is where the Mercator maths puts the cluster, relative to the centre.
        const offset = await karta.clusterOffsetFromCentre(cluster.count);
        const expected = pixelOffset(cluster, { lat: 45.8, lng: 16.0 }, 10);
        expect(offset.x).toBeCloseTo(expected.x, -0.5);
        expect(offset.y).toBeCloseTo(expected.y, -0.5);
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
        // The address follows the map.
        await expect.poll(() => karta.url().searchParams.get('z')).toBe(String(after.zoom));
      });

      it('opens a place’s info window when its marker is clicked, and closes it with Escape', async () => {
        const { karta, baseUrl } = suite;
        const { place } = await placeShownAsMarker(baseUrl);
        await karta.openHome(viewOf(place, 16));
        expect(await karta.markerLabel(place.id)).toContain(place.name.en ?? '');
        await karta.clickMarker(place.id);
        expect(await karta.infoWindowText()).toContain(place.name.en ?? '');
        expect(karta.url().searchParams.get('place')).toBe(String(place.id));
        await karta.pressEscape();
        await karta.infoWindow().waitFor({ state: 'detached' });
        await expect.poll(() => karta.url().searchParams.get('place')).toBeNull();
      });

      it('copies a place’s coordinates from the info window', async () => {
        const { karta, baseUrl } = suite;
        const { place } = await placeShownAsMarker(baseUrl);
        await karta.openHome(viewOf(place, 16));
        await karta.clickMarker(place.id);
        const toast = await karta.copy('coordinates');
        expect(toast).toMatch(/copied/i);
        expect(await karta.toastRole()).toMatch(/status|polite/);
        expect(await karta.clipboardText()).toBe(`${place.lat.toFixed(6)}, ${place.lng.toFixed(6)}`);
      });

      it('draws radii only for the selected place below zoom 13, and for every place in view from 13', async () => {
        const { karta, baseUrl } = suite;
        const { place } = await placeShownAsMarker(baseUrl, 16, (p) => p.radius !== null);
        const areasOf = (data: MapResponse) =>
          data.places.filter((p) => p.locationPrivacy !== 'exact').length;

        const far = await karta.openHomeReadingMapData(viewOf(place, 12));
        await expect.poll(() => karta.circleCount()).toBe(areasOf(far));

        const farSelected = await karta.openHomeReadingMapData(viewOf(place, 12, place.id));
        await karta.infoWindow().waitFor();
        await expect.poll(() => karta.circleCount()).toBe(areasOf(farSelected) + 1);

        const near = await karta.openHomeReadingMapData(viewOf(place, 14));
        const radii = near.places.filter((p) => p.radius !== null).length;
        expect(radii).toBeGreaterThan(0);
        await expect.poll(() => karta.circleCount()).toBe(areasOf(near) + radii);
      });

      it('restores a linked view: position, zoom and the open info window', async () => {
        const { karta, baseUrl } = suite;
        const { place } = await placeShownAsMarker(baseUrl);
        // The place sits near the bottom of the view (about 170 px below the centre at zoom 15) and
        // a little left of it, away from the tools in the top right corner, so its info window fits
        // above it and the map need not move.
        const centre = { lat: place.lat + 0.005, lng: place.lng + 0.002 };
        await karta.openHome(viewOf(centre, 15, place.id));
        expect(await karta.infoWindowText()).toContain(place.name.en ?? '');
        await karta.waitForMapToSettle();
        const state = await karta.mapState();
        expect(state.engine).toBe(engine);
        expect(state.zoom).toBe(15);
        expect(state.center.lat).toBeCloseTo(centre.lat, 4);
        expect(state.center.lng).toBeCloseTo(centre.lng, 4);
      });

      it('moves the map just enough to show an info window that would not fit (a phone)', async () => {
        const { karta, baseUrl } = suite;
        const { place } = await placeShownAsMarker(baseUrl);
        await karta.resize(375, 800);
        await karta.openHome(viewOf(place, 16, place.id));
        await karta.infoWindow().waitFor();
        await karta.waitForMapToSettle();
        const window = await karta.infoWindow().boundingBox();
        const map = await suite.page.getByTestId('map').boundingBox();
        if (!window || !map) throw new Error('No info window or map');
        expect(window.y).toBeGreaterThanOrEqual(map.y);
        expect(window.x).toBeGreaterThanOrEqual(map.x);
        expect(window.x + window.width).toBeLessThanOrEqual(map.x + map.width);
      });
    },
    { engine, clipboard: true },
  );
}

/** Relative luminance of a CSS `rgb(r, g, b)` colour. */
function luminance(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+/g) ?? []).map(Number);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Screen pixels from `centre` to `point` at `zoom`. */
function pixelOffset(point: LatLng, centre: LatLng, zoom: number) {
  const a = project(point, zoom);
  const b = project(centre, zoom);
  return { x: a.x - b.x, y: a.y - b.y };
}
