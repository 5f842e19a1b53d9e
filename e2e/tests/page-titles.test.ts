import { expect, it } from 'vitest';
import { newContributor, newModerator } from '../support/accounts.ts';
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

  it('names the edit page by the place being edited, in the interface language', async () => {
    const { karta, baseUrl } = suite;
    const contributor = await newContributor(baseUrl, 'E2E title contributor');
    const { items: categories } = await contributor.api.categories();
    const stamp = Date.now().toString(36);
    const place = await contributor.api.createPlace({
      categoryId: categories[0]?.id ?? 1,
      name: { en: `Night pharmacy ${stamp}`, hr: `Noćna ljekarna ${stamp}` },
      lat: 45.8,
      lng: 15.95,
    });
    // From a fresh visitor: signing in on the way to the editor, as its author does.
    await karta.forgetSession();
    await karta.openSignIn(`/places/${place.id}/edit`);
    await karta.signIn(contributor);
    expect(await karta.contributorGate()).toBe('form');
    await karta.switchLanguage('en');
    await expect.poll(() => karta.pageTitle()).toBe(`Edit Night pharmacy ${stamp} · Karta`);
    await karta.switchLanguage('hr');
    await expect.poll(() => karta.pageTitle()).toBe(`Uređivanje: Noćna ljekarna ${stamp} · Karta`);
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

    it('name the edit page in Croatian from the first view', async () => {
      const { karta, baseUrl } = suite;
      const contributor = await newContributor(baseUrl, 'E2E title contributor');
      const { items: categories } = await contributor.api.categories();
      const name = `Noćna ljekarna ${Date.now().toString(36)}`;
      const place = await contributor.api.createPlace({
        categoryId: categories[0]?.id ?? 1,
        name: { hr: name },
        lat: 45.8,
        lng: 15.95,
      });
      await karta.openSignIn(`/places/${place.id}/edit`);
      await karta.signIn(contributor);
      expect(await karta.contributorGate()).toBe('form');
      await expect.poll(() => karta.pageTitle()).toBe(`Uređivanje: ${name} · Karta`);
    });
  },
  { locale: 'hr-HR' },
);
