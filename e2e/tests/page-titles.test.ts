import { expect, it } from 'vitest';
import { newModerator } from '../support/accounts.ts';
import { placeShownAsMarker } from '../support/api.ts';
import { describeInBrowser } from '../support/browser-suite.ts';

const bilingual = (p: { name: Record<string, string | undefined> }) =>
  Boolean(p.name.hr && p.name.en && p.name.hr !== p.name.en);

describeInBrowser('page titles', (suite) => {
  it('names the home page, and follows a language switch at once', async () => {
    const { karta } = suite;
    await karta.openHome();
    await karta.switchLanguage('en');
    await expect.poll(() => karta.pageTitle()).toBe('Karta — community map of places');
    await karta.switchLanguage('hr');
    await expect.poll(() => karta.pageTitle()).toBe('Karta — karta mjesta zajednice');
  });

  it('names a place page by its place, in the interface language', async () => {
    const { karta, baseUrl } = suite;
    const { place } = await placeShownAsMarker(baseUrl, 16, bilingual);
    await karta.openPlacePage(place.id);
    await karta.switchLanguage('en');
    await expect.poll(() => karta.pageTitle()).toBe(`${place.name.en} · Karta`);
    await karta.switchLanguage('hr');
    await expect.poll(() => karta.pageTitle()).toBe(`${place.name.hr} · Karta`);
  });

  it('names the review queue for staff', async () => {
    const { karta, baseUrl } = suite;
    await karta.forgetSession();
    await karta.openStaffScreen('/review');
    await karta.signInFromStaffPrompt(await newModerator(baseUrl));
    expect(await karta.staffGate()).toBe('open');
    await karta.switchLanguage('en');
    await expect.poll(() => karta.pageTitle()).toBe('Review · Karta');
    await karta.switchLanguage('hr');
    await expect.poll(() => karta.pageTitle()).toBe('Pregled · Karta');
  });
});

describeInBrowser(
  'page titles in a Croatian browser',
  (suite) => {
    it('are Croatian from the first view', async () => {
      const { karta, baseUrl } = suite;
      await karta.openHome();
      await expect.poll(() => karta.pageTitle()).toBe('Karta — karta mjesta zajednice');
      const { place } = await placeShownAsMarker(baseUrl, 16, bilingual);
      await karta.openPlacePage(place.id);
      await expect.poll(() => karta.pageTitle()).toBe(`${place.name.hr} · Karta`);
    });
  },
  { locale: 'hr-HR' },
);
