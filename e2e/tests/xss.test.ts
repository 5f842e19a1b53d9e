import { expect, it } from 'vitest';
import { adminApi, newContributor, newModerator } from '../support/accounts.ts';
import { viewOf } from '../support/api.ts';
import { describeInBrowser } from '../support/browser-suite.ts';

/** User text that would run script if it were ever rendered as HTML. */
const PAYLOADS = {
  name: '<img src=x onerror="window.__xss=1">',
  description: '<script data-xss>window.__xss=2</script><svg data-xss onload="window.__xss=3"></svg>',
  address: '"><img src=x onerror="window.__xss=4">',
};

describeInBrowser('user text is rendered as text, never as markup', (suite) => {
  it('shows script-like names, descriptions and addresses literally in the list, the info window and the place page', async () => {
    const { karta, baseUrl } = suite;
    const { api } = await adminApi(baseUrl);
    const categories = await api.categories();
    // A spot of its own, away from the demo data, so the place is a marker and first in the list.
    const spot = { lat: 46.21, lng: 16.48 };
    const proposed = await api.createPlace({
      categoryId: categories.items[0]?.id ?? 1,
      name: { en: PAYLOADS.name },
      description: { en: PAYLOADS.description },
      address: PAYLOADS.address,
      ...spot,
    });
    await api.transitionPlace(proposed.id, { to: 'published', version: proposed.version });
    // The map follows the change log: wait until the place is in the map's answer.
    await expect
      .poll(
        async () => {
          const { places } = await api.map({
            bbox: {
              west: spot.lng - 0.01,
              south: spot.lat - 0.01,
              east: spot.lng + 0.01,
              north: spot.lat + 0.01,
            },
            zoom: 16,
          });
          return places.map((p) => p.id);
        },
        { timeout: 10_000 },
      )
      .toContain(proposed.id);

    await karta.openHome(viewOf(spot, 16, proposed.id));
    expect(await karta.infoWindowText()).toContain(PAYLOADS.name);
    expect(await karta.infoWindowText()).toContain(PAYLOADS.address);
    const listText = await karta.listItems().first().innerText();
    expect(listText).toContain(PAYLOADS.name);
    expect(await karta.markerLabel(proposed.id)).toContain(PAYLOADS.name);
    expect(await karta.injectedMarkup()).toEqual({ elements: 0, scriptRan: false });

    await karta.openPlacePage(proposed.id);
    await expect.poll(() => karta.page.locator('main').innerText()).toContain(PAYLOADS.description);
    expect(await karta.injectedMarkup()).toEqual({ elements: 0, scriptRan: false });
  });

  it('shows script-like text literally wherever staff and authors read it: rejection reasons, reports, names and categories', async () => {
    const { karta, baseUrl } = suite;
    const { api: admin } = await adminApi(baseUrl);
    const author = await newContributor(baseUrl, '<svg data-xss onload="window.__xss=5">');
    const category = await admin.createCategory({
      slug: `xss-${Date.now().toString(36)}`,
      name: { en: '<img src=x onerror="window.__xss=6">', hr: '<img src=x onerror="window.__xss=6">' },
      color: '#be185d',
      icon: 'map-pin',
    });
    const proposed = await author.api.createPlace({
      categoryId: category.id,
      name: { en: 'Reading corner' },
      lat: 46.25,
      lng: 16.52,
    });
    const reason = '<script data-xss>window.__xss=7</script> Please add an address.';
    await admin.transitionPlace(proposed.id, { to: 'rejected', reason, version: proposed.version });
    const published = (await admin.listPlaces({ limit: 1 })).items[0];
    const flag = await author.api.flagPlace(published?.id ?? 1, {
      reason: 'wrong_information',
      comment: '<img src=x onerror="window.__xss=8"> closed on Sundays',
    });

    // The author reads the rejection reason as text.
    await karta.openSignIn('/my-submissions');
    await karta.signIn({ email: author.email, password: author.password });
    await karta.waitForSubmissionStatus(proposed.id, 'rejected');
    expect(await karta.rejectionReason(proposed.id)).toBe(reason);
    expect(await karta.injectedMarkup()).toEqual({ elements: 0, scriptRan: false });

    // A moderator reads the report, with its reporter's name, as text.
    await karta.forgetSession();
    await karta.openStaffScreen('/flags');
    await karta.signInFromStaffPrompt(await newModerator(baseUrl));
    const flagText = await karta.flagText(flag.id);
    expect(flagText).toContain('<img src=x onerror="window.__xss=8"> closed on Sundays');
    expect(flagText).toContain('<svg data-xss onload="window.__xss=5">');
    expect(await karta.injectedMarkup()).toEqual({ elements: 0, scriptRan: false });

    // Everyone reads the category's name as text on the filter.
    await karta.openHome();
    expect(await karta.categoryChipNames()).toContain('<img src=x onerror="window.__xss=6">');
    expect(await karta.injectedMarkup()).toEqual({ elements: 0, scriptRan: false });
  });
});
