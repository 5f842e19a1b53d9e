import { expect, it } from 'vitest';
import { placeShownAsMarker, viewOf } from '../support/api.ts';
import { describeInBrowser } from '../support/browser-suite.ts';

describeInBrowser('the place page', (suite) => {
  it('opens from the info window with the full details, a map with the place, and copy actions', async () => {
    const { karta, page, baseUrl } = suite;
    const { place } = await placeShownAsMarker(baseUrl, 16, (p) => Boolean(p.address && p.description.en));
    await karta.openHome(viewOf(place, 16));
    await karta.clickMarker(place.id);
    await karta
      .infoWindow()
      .getByRole('link', { name: /details/i })
      .click();

    await expect.poll(() => karta.url().pathname).toBe(`/places/${place.id}`);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(place.name.en);
    const main = await page.locator('main').innerText();
    expect(main).toContain(place.address ?? '');
    expect(main).toContain((place.description.en ?? '').split('\n')[0]);
    await page.locator(`[data-testid=marker][data-place-id="${place.id}"]`).waitFor();
    await expect(page.getByTestId('copy-coordinates').count()).resolves.toBe(1);

    await page.getByRole('link', { name: /back to the map/i }).click();
    await karta.waitForMapData();
    expect(karta.url().searchParams.get('place')).toBe(String(place.id));
    expect(await karta.infoWindowText()).toContain(place.name.en ?? '');
  });
});
