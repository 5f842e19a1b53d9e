import { offsetByPixels, PICKER_GEOMETRY } from '@karta/map-core';
import { expect, it } from 'vitest';
import { describeInBrowser, type Engine } from '../support/browser-suite.ts';
import { allowLocation } from '../support/geolocation.ts';
import { NearPage, type PointAmongClusters, type ScreenBox } from '../support/near-page.ts';

/** Ban Jelačić Square, in the middle of the demo data. */
const ZAGREB = { latitude: 45.8131, longitude: 15.9772 };

/**
 * Pixels from the pin's tip up to the middle of its head (the crosshair dot, 13.5 of the 35 units
 * of its drawing from the top): where the pin covers most, so the point is put that far below a
 * cluster's number.
 */
const PIN_HEAD_ABOVE_TIP = Math.round(PICKER_GEOMETRY.height * (1 - 13.5 / 35));

const middle = (box: ScreenBox) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });

const within = (point: { x: number; y: number }, box: ScreenBox) =>
  point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height;

/** The cluster whose number lies inside the pin's box: the one a pin drawn on top would cover. */
function clusterUnderPin(drawn: PointAmongClusters) {
  return drawn.clusters.find((cluster) => within(middle(cluster.label), drawn.pin));
}

for (const engine of ['leaflet', 'google'] satisfies Engine[]) {
  describeInBrowser(
    `the Near me point among clusters on the ${engine} engine`,
    (suite) => {
      it('is drawn under a cluster it stands on, so the cluster’s number stays readable and clickable', async () => {
        const { page, session, baseUrl } = suite;
        const screen = new NearPage(page, baseUrl);
        await allowLocation(session.context, baseUrl, ZAGREB);
        // A wide circle: moving the point a little keeps the same places in it, so the clusters
        // stay where they were.
        await screen.open('?r=10000');
        await screen.useMyLocation();
        await screen.total();
        await expect
          .poll(async () => (await screen.pointAmongClusters()).clusters.length, { timeout: 15_000 })
          .toBeGreaterThan(0);

        // The visitor turns out to be just below the cluster nearest to them: the pin's head on its number.
        const first = await screen.pointAmongClusters();
        const tip = { x: first.pin.x + first.pin.width / 2, y: first.pin.y + first.pin.height };
        const distance = (cluster: { label: ScreenBox }) =>
          Math.hypot(middle(cluster.label).x - tip.x, middle(cluster.label).y - tip.y);
        const nearest = [...first.clusters].sort((a, b) => distance(a) - distance(b))[0];
        if (!nearest) throw new Error('No cluster on the map');
        const number = middle(nearest.label);
        const there = offsetByPixels(
          first.position,
          number.x - tip.x,
          number.y + PIN_HEAD_ABOVE_TIP - tip.y,
          first.zoom,
        );
        // A new visit: the page keeps a position it was given for a while (`maximumAge`).
        await allowLocation(session.context, baseUrl, { latitude: there.lat, longitude: there.lng });
        await screen.open('?r=10000');
        await screen.useMyLocation();
        await expect
          .poll(async () => {
            const point = await screen.pointInUrl();
            return Math.hypot(point.lat - there.lat, point.lng - there.lng) < 1e-4;
          })
          .toBe(true);

        await expect
          .poll(async () => clusterUnderPin(await screen.pointAmongClusters()) !== undefined, {
            timeout: 15_000,
          })
          .toBe(true);
        const covered = clusterUnderPin(await screen.pointAmongClusters());
        if (!covered) throw new Error('No cluster under the pin');
        // At rest (the pin is not being moved): what shows at the number is the cluster.
        expect(await screen.pointFocused()).toBe(false);
        const label = middle(covered.label);
        expect(await screen.topmostAt(label.x, label.y)).toBe('cluster');
      });
    },
    { engine },
  );
}
