import { expect, it } from 'vitest';
import { describeInBrowser } from '../support/browser-suite.ts';
import { MapKeyboard } from '../support/map-keyboard.ts';

describeInBrowser('the home map by keyboard', (suite) => {
  it('is passed with at most 3 Tab presses: the map itself, then one stop for all its buttons', async () => {
    const { karta, page } = suite;
    await karta.openHome();
    const keyboard = new MapKeyboard(page);
    const reached = await keyboard.tabThroughMap();
    expect(reached.length, JSON.stringify(reached)).toBeLessThanOrEqual(3);
    expect(reached.at(-1)?.inMap).toBe(false);
    expect(reached.filter((state) => state.kind === 'marker' || state.kind === 'cluster')).toHaveLength(1);
    expect(await keyboard.mapButtonTabStops()).toBe(1);
  });

  it('the skip link goes past the map to the list', async () => {
    const { karta, page } = suite;
    await karta.openHome();
    const keyboard = new MapKeyboard(page);
    await keyboard.focusSkipLink();
    await keyboard.press('Enter');
    await keyboard.press('Tab');
    const after = await keyboard.focus();
    expect(after.inMap).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.closest('#places') !== null)).toBe(true);
  });
});

// What our buttons do is the adapters' shared code: the same on both engines.
for (const engine of ['leaflet', 'google'] as const) {
  describeInBrowser(
    `the home map's buttons by keyboard (${engine})`,
    (suite) => {
      it('arrow keys move focus to the nearest button in their direction', async () => {
        const { karta, page } = suite;
        await karta.openHome();
        const keyboard = new MapKeyboard(page);
        await keyboard.tabToMapButton();
        const moves: string[] = [];
        for (const [key, axis, sign] of [
          ['ArrowRight', 'x', 1],
          ['ArrowDown', 'y', 1],
          ['ArrowLeft', 'x', -1],
          ['ArrowUp', 'y', -1],
        ] as const) {
          const before = await keyboard.focus();
          const from = await keyboard.focusedAnchor();
          await keyboard.press(key);
          const after = await keyboard.focus();
          expect(after.inMap).toBe(true);
          expect(['marker', 'cluster']).toContain(after.kind);
          if (after.id === before.id) continue;
          const to = await keyboard.focusedAnchor();
          expect(Math.sign(to[axis] - from[axis])).toBe(sign);
          moves.push(key);
        }
        // The stop is the button nearest the centre: some arrow leads somewhere from there.
        expect(moves.length).toBeGreaterThan(0);
        expect(await keyboard.mapButtonTabStops()).toBe(1);
      });

      it('Enter on a cluster zooms in and keeps focus on a button at that place', async () => {
        const { karta, page } = suite;
        await karta.openHome();
        const keyboard = new MapKeyboard(page);
        let focused = await keyboard.tabToMapButton();
        for (const key of ['ArrowRight', 'ArrowDown', 'ArrowRight', 'ArrowDown', 'ArrowRight']) {
          if (focused.kind === 'cluster') break;
          await keyboard.press(key);
          focused = await keyboard.focus();
        }
        expect(focused.kind).toBe('cluster');
        const where = await keyboard.focusedAnchor();
        const { zoom } = await karta.mapState();
        await keyboard.press('Enter');
        await karta.waitForZoomChange(zoom);
        // The cluster gives way to what it held once the new zoom's data is in.
        await expect
          .poll(() => page.locator(`[data-cluster-id="${focused.id}"]`).count(), { timeout: 10_000 })
          .toBe(0);
        await expect.poll(() => keyboard.focus()).toMatchObject({ inMap: true });
        const after = await keyboard.focus();
        expect(['marker', 'cluster']).toContain(after.kind);
        expect(after.id).not.toBe(focused.id);
        // Near where the cluster was on screen, not somewhere else on the map.
        const now = await keyboard.focusedAnchor();
        expect(Math.hypot(now.x - where.x, now.y - where.y)).toBeLessThan(400);
      });
    },
    { engine },
  );
}
