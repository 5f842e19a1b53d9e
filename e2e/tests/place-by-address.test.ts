import { expect, it } from 'vitest';
import { newContributor } from '../support/accounts.ts';
import { apiOf } from '../support/api.ts';
import { axeViolations } from '../support/axe.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import { overlap, PlaceByAddressPage } from '../support/place-by-address.ts';

/** A common phone's screen, in CSS pixels. */
const PHONE = { width: 375, height: 740 };

/** As the form's coordinate fields write a number: at most six decimals. */
const asField = (value: number) => String(Math.round(value * 1e6) / 1e6);

describeInBrowser('placing a place by its address', (suite) => {
  it('on a phone, a contributor finds the address with the keyboard alone: the pin, the coordinates and the Address field follow, the choice is announced, and a moved pin offers the address there', async () => {
    const { karta, page, baseUrl } = suite;
    const form = new PlaceByAddressPage(page);
    await karta.resize(PHONE.width, PHONE.height);

    // One of the demo's published addresses in Samobor, as the server's built-in geocoder knows it.
    const api = apiOf(baseUrl);
    const { items } = await api.geocode({ q: 'Samobor', limit: 10, lang: 'en' });
    const house = items.find(
      (item) => item.kind === 'house' && item.address.street && item.address.housenumber,
    );
    if (!house) throw new Error('The demo geocoder knows no house in Samobor');
    const typed = `${house.address.street} ${house.address.housenumber}`;

    const contributor = await newContributor(baseUrl, 'E2E address placer');
    await karta.forgetSession();
    await karta.openPropose();
    await karta.signInFromContributorPrompt(contributor);
    await karta.waitForPickerMap();
    expect(await karta.pickerPosition()).toBeNull();

    // The address search is the form's first control: no map and no location access needed.
    expect(await form.tabTo('address-search-input')).toEqual([]);
    await page.keyboard.type(typed, { delay: 30 });
    const shown = await form.answers();
    expect(shown).toContain(house.label);
    expect(await form.attribution()).toContain('GeoNames');
    await expect.poll(() => form.announcement()).toMatch(/^\d+ address(es)?\. Use the up and down arrows/);

    // Down to the house's answer.
    for (let index = 0; index <= shown.indexOf(house.label); index += 1)
      await page.keyboard.press('ArrowDown');
    expect(await form.activeAnswer()).toBe(house.label);

    // The open list fits the phone, covers nothing and is covered by nothing, and passes axe.
    const layout = await form.listLayout();
    expect((await karta.pageWidth()).scroll).toBeLessThanOrEqual(PHONE.width);
    expect(layout.options.length).toBe(shown.length);
    for (const option of layout.options) {
      expect(option.uncovered).toBe(true);
      expect(option.box.left).toBeGreaterThanOrEqual(0);
      expect(option.box.right).toBeLessThanOrEqual(layout.viewportWidth);
      if (layout.locate) expect(overlap(option.box, layout.locate)).toBe(false);
    }
    expect(layout.panel?.top ?? 0).toBeGreaterThanOrEqual(layout.field?.bottom ?? Number.POSITIVE_INFINITY);
    expect(await axeViolations(page)).toEqual([]);

    // Enter puts the pin on the answer and writes its label into the empty Address field.
    await page.keyboard.press('Enter');
    await expect.poll(() => karta.placeField('lat')).toBe(asField(house.lat));
    expect(await karta.placeField('lng')).toBe(asField(house.lng));
    expect(await karta.placeField('address')).toBe(house.label);
    await expect.poll(() => form.announcement()).toBe(`Pin set at ${house.label}`);
    await expect.poll(() => karta.pickerPosition()).toEqual({ lat: house.lat, lng: house.lng });
    // Still in the field, with the list closed; the form was not sent.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'address-search-input',
    );
    expect(await form.field().getAttribute('aria-expanded')).toBe('false');
    expect(karta.url().pathname).toBe('/propose');

    // The pin moved 100 m east with the keys: once it rests, the address there is offered.
    await form.tabTo('picker-marker');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    const moved = await karta.pickerPosition();
    expect(moved?.lng).toBeGreaterThan(house.lng);
    const there = await api.reverseGeocode({
      lat: Number(await karta.placeField('lat')),
      lng: Number(await karta.placeField('lng')),
      precision: 'exact',
      lang: 'en',
    });
    expect(there.label).not.toBe(house.label);
    await form.offer().waitFor({ timeout: 10_000 });
    expect(await form.offer().innerText()).toBe(`Use address: ${there.label}`);
    // Offered, not written.
    expect(await karta.placeField('address')).toBe(house.label);

    // Taken with the keyboard: the field holds it and keeps the focus.
    await form.tabTo('address-offer');
    await page.keyboard.press('Enter');
    await expect.poll(() => karta.placeField('address')).toBe(there.label);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'field-address',
    );
    expect(await form.offer().count()).toBe(0);
  });
});
