import { expect, it } from 'vitest';
import { placeShownAsMarker, viewOf } from '../support/api.ts';
import { describeInBrowser } from '../support/browser-suite.ts';

describeInBrowser('languages', (suite) => {
  it('switches the whole page to Croatian, sets <html lang> and remembers it', async () => {
    const { karta, page, baseUrl } = suite;
    const { place } = await placeShownAsMarker(baseUrl, 16, (p) =>
      Boolean(p.name.hr && p.name.en && p.name.hr !== p.name.en),
    );
    await karta.openHome(viewOf(place, 16));
    expect(await karta.htmlLang()).toBe('en');
    expect(await karta.markerLabel(place.id)).toContain(place.name.en ?? '');
    const englishHeading = await page.locator('main h2, main h1').first().innerText();

    await karta.switchLanguage('hr');
    // The Croatian messages load on demand: the page switches once they are in.
    await expect.poll(() => karta.htmlLang()).toBe('hr');
    await expect.poll(() => karta.markerLabel(place.id)).toContain(place.name.hr ?? '');
    await expect.poll(() => page.locator('main h2, main h1').first().innerText()).not.toBe(englishHeading);

    await page.reload();
    await karta.waitForMapData();
    expect(await karta.htmlLang()).toBe('hr');
    expect(await page.getByTestId('language-switch').inputValue()).toBe('hr');
  });
});

describeInBrowser(
  'a Croatian browser',
  (suite) => {
    it('opens Karta in Croatian', async () => {
      const { karta } = suite;
      await karta.openHome();
      expect(await karta.htmlLang()).toBe('hr');
      expect(await suite.page.getByTestId('language-switch').inputValue()).toBe('hr');
    });
  },
  { locale: 'hr-HR' },
);
