import { expect, it } from 'vitest';
import { AddressSearch } from '../support/address-search.ts';
import { axeViolations } from '../support/axe.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import { overlap } from '../support/page-geometry.ts';
import { SearchBox } from '../support/search-page.ts';

/** A common phone's screen, in CSS pixels. */
const PHONE = { width: 375, height: 740 };

/** Where the demo server's built-in geocoder puts Samobor (GeoNames). */
async function samoborOf(
  baseUrl: string,
): Promise<{ label: string; lat: number; lng: number; kind: string }> {
  const answer = await fetch(`${baseUrl}/api/v1/geocode?q=Samobor&lang=en`);
  expect(answer.status).toBe(200);
  const { items } = (await answer.json()) as {
    items: { label: string; lat: number; lng: number; kind: string }[];
  };
  const town = items.find((item) => item.kind === 'town' && item.label.startsWith('Samobor'));
  if (!town) throw new Error(`No town Samobor in ${JSON.stringify(items)}`);
  return town;
}

describeInBrowser('a visitor starts from an address', (suite) => {
  it('on a phone: types a town in the header search, opens it from the Addresses group with the keyboard, and goes to the Near page from its panel', async () => {
    const { karta, page, baseUrl } = suite;
    const samobor = await samoborOf(baseUrl);
    await karta.resize(PHONE.width, PHONE.height);
    await karta.openHome();
    await karta.switchLanguage('en');

    const search = new SearchBox(page);
    const addresses = new AddressSearch(page);
    await search.type('Samobor');
    expect(await addresses.addressOptions()).toContain(samobor.label);
    await expect.poll(() => page.getByTestId('search-status').innerText()).toMatch(/places? and \d+ address/);
    expect(await page.getByTestId('search-addresses-attribution').innerText()).toMatch(
      /^Addresses: .*GeoNames/,
    );
    expect(await axeViolations(page)).toEqual([]);

    // The addresses come after the places, in the same list for the arrow keys.
    const places = await addresses.placeOptionCount();
    const presses = await addresses.arrowDownTo(samobor.label);
    expect(presses).toBeGreaterThan(places);
    await addresses.press('Enter');

    // The map centres on the town at a town's zoom, and the URL says so.
    await expect.poll(() => karta.url().searchParams.get('z')).toBe('13');
    expect(Number(karta.url().searchParams.get('lat'))).toBeCloseTo(samobor.lat, 4);
    expect(Number(karta.url().searchParams.get('lng'))).toBeCloseTo(samobor.lng, 4);
    await karta.waitForMapToSettle();
    const { center, zoom } = await karta.mapState();
    expect(zoom).toBe(13);
    expect(center.lat).toBeCloseTo(samobor.lat, 3);
    expect(center.lng).toBeCloseTo(samobor.lng, 3);

    // The panel names the town, has the focus, and leaves the field and the map's controls free.
    await addresses.panel().waitFor();
    expect(await addresses.panelLabel()).toBe(samobor.label);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'address-panel-label',
    );
    const layout = await addresses.panelLayout();
    expect(overlap(layout.panel, layout.searchField)).toBe(false);
    expect(layout.controls.map((control) => control.name).sort()).toEqual(
      ['attribution', 'map tools', 'near me', 'zoom'].sort(),
    );
    for (const control of layout.controls) {
      expect({ control: control.name, overlaps: overlap(layout.panel, control.box) }).toEqual({
        control: control.name,
        overlaps: false,
      });
    }
    expect(layout.panel.left).toBeGreaterThanOrEqual(0);
    expect(layout.panel.right).toBeLessThanOrEqual(PHONE.width);
    expect(layout.scrollWidth).toBe(PHONE.width);
    // In sight without scrolling, under the map.
    expect(layout.panel.bottom).toBeLessThanOrEqual(PHONE.height);
    expect(await axeViolations(page)).toEqual([]);

    // Escape closes it, and the focus goes back to the search field; a new choice opens it again.
    await page.keyboard.press('Escape');
    await expect.poll(() => addresses.panel().count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'search-input',
    );
    await search.type('Samobor');
    await addresses.arrowDownTo(samobor.label);
    await addresses.press('Enter');
    await addresses.panel().waitFor();

    await addresses.follow('near');
    await expect.poll(() => karta.url().pathname).toBe('/near');
    const near = karta.url().searchParams;
    expect(near.get('address')).toBe(samobor.label);
    expect(Number(near.get('lat'))).toBeCloseTo(samobor.lat, 4);
    expect(Number(near.get('lng'))).toBeCloseTo(samobor.lng, 4);
    expect(near.get('tab')).toBe('near');
    expect(await addresses.nearPoint()).toBe(`Near: ${samobor.label}`);
  });
});
