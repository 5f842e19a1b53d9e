import { expect, it } from 'vitest';
import { apiOf, placeShownAsMarker, viewOf } from '../support/api.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import type { KartaDriver } from '../support/driver.ts';
import { infoWindowLayout, nestedScrollers, overlap, within } from '../support/page-geometry.ts';
import { SearchBox } from '../support/search-page.ts';

/** A common phone's screen, in CSS pixels. */
const PHONE = { width: 375, height: 740 };

/**
 * The home page's view that puts `place` at (x, y) px of a 400-px-high map `width` px wide, at
 * zoom 16: near a corner, its info window has to make room for the controls there.
 */
function viewPutting(place: { lat: number; lng: number }, x: number, y: number, width: number): string {
  // Degrees per pixel at zoom 16 (256-px tiles); a latitude degree is shorter by cos(lat) on screen.
  const lngPerPx = 360 / (256 * 2 ** 16);
  const latPerPx = lngPerPx * Math.cos((place.lat * Math.PI) / 180);
  return viewOf({ lat: place.lat + (y - 200) * latPerPx, lng: place.lng + (width / 2 - x) * lngPerPx }, 16);
}

/** Taps a marker as a person would, and checks its info window from edge to edge. */
async function tapAndMeasure(karta: KartaDriver, id: number) {
  await karta.clickMarker(id);
  const dialog = karta.page.getByRole('dialog').filter({ has: karta.page.getByTestId('info-window') });
  await dialog.waitFor();
  await karta.waitForMapToSettle();
  // As a person reads it: once the window has come to rest (it pans again when its content grows),
  // with no pan animation under way (a loaded machine may skip frames of one, so samples alone
  // can look still).
  let layout = await infoWindowLayout(karta.page);
  for (let steady = 0, tries = 0; steady < 3 && tries < 60; tries += 1) {
    await karta.page.waitForTimeout(100);
    const next = await infoWindowLayout(karta.page);
    const still = !next.panning && JSON.stringify(next.window) === JSON.stringify(layout.window);
    steady = still ? steady + 1 : 0;
    layout = next;
  }
  const heading = await dialog.getByRole('heading').first().innerText();
  return {
    layout,
    heading,
    named: await karta.page.getByRole('dialog', { name: heading, exact: true }).count(),
  };
}

describeInBrowser('on a phone', (suite) => {
  it('a tapped marker opens an info window clear of the zoom buttons, Share, the attribution and the edges, without scrolling the page', async () => {
    const { karta, page, baseUrl } = suite;
    await karta.resize(PHONE.width, PHONE.height);
    const { place } = await placeShownAsMarker(baseUrl, 16);
    // The marker right of the zoom buttons at the top, then left of the attribution at the bottom.
    for (const spot of [
      { x: 80, y: 40 },
      { x: 100, y: 385 },
    ]) {
      await page.goto(`${baseUrl}/${viewPutting(place, spot.x, spot.y, PHONE.width)}`);
      await page.locator(`[data-testid=marker][data-place-id="${place.id}"]`).waitFor();
      expect(
        await page.locator(`[data-testid=marker][data-place-id="${place.id}"]`).getAttribute('aria-haspopup'),
      ).toBe('dialog');
      const label = await karta.markerLabel(place.id);
      const { layout, heading, named } = await tapAndMeasure(karta, place.id);
      expect(label).toContain(heading);
      expect(named).toBe(1);
      expect(within(layout.window, layout.map)).toBe(true);
      for (const control of layout.controls) {
        expect({ control: control.name, overlaps: overlap(layout.window, control.box) }).toEqual({
          control: control.name,
          overlaps: false,
        });
      }
      expect(layout.closeButtonReachable).toBe(true);
      expect(layout.scrollY).toBe(0);
      expect(layout.header.top).toBe(0);
      // The place itself stays on the map under its window (its pin's point inside the map).
      const pin = await page.locator(`[data-testid=marker][data-place-id="${place.id}"]`).boundingBox();
      expect(pin && pin.y + pin.height <= layout.map.bottom).toBe(true);
      // The close button works where it is: the window closes and the page stays put.
      await page.locator('[data-testid=map] .karta-popup-close').click();
      await page.getByTestId('info-window').waitFor({ state: 'detached' });
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    }
  });

  it('a marker tapped on the map as it opens stays drawn when its window pans it to the bottom edge', async () => {
    const { karta, page } = suite;
    await karta.resize(PHONE.width, PHONE.height);
    await karta.openHome();
    await page.locator('[data-testid=marker]').first().waitFor();
    // The pin nearest the middle: its window is taller than the room above it, so the map pans
    // until the pin stands at the bottom edge.
    const id = await page.evaluate(() => {
      const map = document.querySelector('[data-testid=map]')?.getBoundingClientRect();
      if (!map) throw new Error('no map');
      const middle = { x: (map.left + map.right) / 2, y: (map.top + map.bottom) / 2 };
      const pins = [...document.querySelectorAll<HTMLElement>('[data-testid=marker]')].map((pin) => {
        const box = pin.getBoundingClientRect();
        return {
          id: Number(pin.dataset.placeId),
          far: Math.hypot(box.x + box.width / 2 - middle.x, box.bottom - middle.y),
        };
      });
      return pins.sort((a, b) => a.far - b.far)[0]?.id ?? 0;
    });
    const { layout } = await tapAndMeasure(karta, id);
    await page.waitForLoadState('networkidle');
    const pin = await page.locator(`[data-testid=marker][data-place-id="${id}"]`).boundingBox();
    expect(pin, 'the tapped place is still drawn').not.toBeNull();
    expect(pin && pin.y < layout.map.bottom && pin.y + pin.height > layout.window.bottom).toBe(true);
  });

  it('keeps the info window clear of the controls at 768 and 1280 px too, with the header in view', async () => {
    const { karta, page, baseUrl } = suite;
    const { place } = await placeShownAsMarker(baseUrl, 16);
    for (const width of [768, 1280]) {
      await karta.resize(width, 900);
      await page.goto(`${baseUrl}/${viewPutting(place, 80, 40, width)}`);
      await page.locator(`[data-testid=marker][data-place-id="${place.id}"]`).waitFor();
      // On a slow device's CPU, where the window's pan is stopped part-way as its content grows
      // and goes on: the map must not be pulled back to where the pan stopped.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
      const { layout } = await tapAndMeasure(karta, place.id);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
      expect(within(layout.window, layout.map), JSON.stringify({ width, layout })).toBe(true);
      expect(layout.controls.filter((control) => overlap(layout.window, control.box))).toEqual([]);
      expect(layout.closeButtonReachable).toBe(true);
      expect(layout.scrollY).toBe(0);
    }
  });

  it('a place chosen from the list opens on the map with the header still in view', async () => {
    const { karta, page, baseUrl } = suite;
    await karta.resize(PHONE.width, PHONE.height);
    const { place } = await placeShownAsMarker(baseUrl, 16);
    await karta.openHome(viewOf(place, 16));
    const [first] = await karta.listIds();
    if (first === undefined) throw new Error('No list');
    await page.getByTestId('place-list-item').first().scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await karta.selectListItem(first);
    await page.getByTestId('info-window').waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(0);
    await karta.waitForMapToSettle();
    const layout = await infoWindowLayout(page);
    expect(layout.header.top).toBe(0);
    expect(layout.controls.filter((control) => overlap(layout.window, control.box))).toEqual([]);
  });

  it('a search shows how many places match above the fold, with the list one tap away and no box of its own to scroll', async () => {
    const { karta, page, baseUrl } = suite;
    await karta.resize(PHONE.width, PHONE.height);
    await karta.openHome();
    await new SearchBox(page).search('pharmacy');
    const count = page.getByTestId('place-count');
    await count.waitFor();
    const { total } = await apiOf(baseUrl).listPlaces({ q: 'pharmacy', limit: 1 });
    expect(total).toBeGreaterThan(20);
    await expect.poll(() => count.innerText()).toContain(`${total} places match`);
    const box = await count.boundingBox();
    expect(box && box.y + box.height <= PHONE.height).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The map agrees with the words: framed on every match, it draws as many as the count says.
    await karta.waitForMapToSettle();
    await expect.poll(() => karta.drawnPlaceCount(), { timeout: 10_000 }).toBe(total);
    // One tap to the list: its first result comes into view.
    await page.getByTestId('show-place-list').click();
    const firstItem = page.getByTestId('place-list-item').first();
    await expect
      .poll(async () => {
        const item = await firstItem.boundingBox();
        return item !== null && item.y >= 0 && item.y + item.height <= PHONE.height;
      })
      .toBe(true);
    expect(await nestedScrollers(page, '#places')).toEqual([]);
  });

  it('a search that finds nothing says so above the fold, with what to try', async () => {
    const { karta, page } = suite;
    await karta.resize(PHONE.width, PHONE.height);
    await page.goto(`${suite.baseUrl}/?q=qqxyzzy`);
    const count = page.getByTestId('place-count');
    await count.waitFor();
    expect(await count.innerText()).toContain('No places match');
    const hint = page.getByText('Check the spelling');
    for (const shown of [count, hint, page.getByTestId('clear-search')]) {
      const box = await shown.boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= PHONE.height).toBe(true);
    }
  });

  it('reaches the area tools on the map itself: follow names the area in words, save keeps it in one press', async () => {
    const { karta, page, baseUrl } = suite;
    await karta.resize(PHONE.width, PHONE.height);
    const { place } = await placeShownAsMarker(baseUrl, 16);
    await karta.openHome(viewOf(place, 16));
    const map = await page.getByTestId('map').boundingBox();
    if (!map) throw new Error('No map');
    const tools = ['follow-area', 'save-offline-area', 'share-button'];
    const boxes = [];
    for (const tool of tools) {
      const box = await page.getByTestId(tool).boundingBox();
      if (!box) throw new Error(`No ${tool}`);
      // On the map, inside the screen's width and above the fold.
      expect(box.x >= map.x && box.x + box.width <= PHONE.width && box.y >= map.y).toBe(true);
      expect(box.y + box.height).toBeLessThan(map.y + map.height);
      boxes.push({ left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height });
    }
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1)) expect(overlap(a, b)).toBe(false);

    // "Follow this area" says where in words: the place nearest the middle of the view.
    // The list's first item is the place nearest the middle; its first line is its name.
    const nearestName = (await page.getByTestId('place-list-item').first().innerText()).split('\n')[0] ?? '';
    expect(nearestName).not.toBe('');
    await page.getByTestId('follow-area').click();
    const words = page.getByTestId('follow-area-words');
    await words.waitFor();
    expect(await words.innerText()).toMatch(/^Around /);
    expect(await words.innerText()).toContain(nearestName);
    await page.keyboard.press('Escape');
    await page.getByTestId('follow-dialog').waitFor({ state: 'detached' });

    // One press saves, and says how much.
    await page.getByTestId('save-offline-area').click();
    await expect
      .poll(() => page.getByTestId('save-offline-status').innerText(), { timeout: 45_000 })
      .toMatch(/^Saved [\d,]+ places? \(.+\) on this device/);
  });
});
