import { expect, it } from 'vitest';
import { phonePhoto } from '../../apps/server/test/support/photos.ts';
import { adminApi, newContributor, newModerator } from '../support/accounts.ts';
import { axeViolations } from '../support/axe.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import { PhotoPage } from '../support/photo-page.ts';
import { ReviewQueue } from '../support/review-queue.ts';

/** About 40 m north, in degrees of latitude. */
const FORTY_METRES = 40 / 111_195;

describeInBrowser('the review queue on a phone', (suite) => {
  it('a moderator at 375 px sees each proposal on a small map with a similar place 40 m away, publishes with the keyboard onto the next card, and publishes a photo with the description typed', async () => {
    const { karta, page, baseUrl } = suite;
    const tag = Date.now().toString(36);
    const { api: admin } = await adminApi(baseUrl);
    const { items: categories } = await admin.categories();
    const categoryId = categories[0]?.id ?? 1;
    const spot = { lat: 45.74213, lng: 16.11842 };

    // A published place, and a proposal of the same bakery (another spelling) 40 m from it.
    const created = await admin.createPlace({
      categoryId,
      name: { hr: `Pekara Zlatni klas ${tag}` },
      ...spot,
    });
    const existing =
      created.status === 'published'
        ? created
        : await admin.transitionPlace(created.id, { to: 'published', version: created.version });
    const contributor = await newContributor(baseUrl, 'E2E phone proposer');
    const twin = await contributor.api.createPlace({
      categoryId,
      name: { hr: `Pekara Zlatni Klas ${tag}` },
      lat: spot.lat + FORTY_METRES,
      lng: spot.lng,
      radius: 50,
    });
    const next = await contributor.api.createPlace({
      categoryId,
      name: { hr: `Knjižnica na uglu ${tag}` },
      lat: spot.lat + 0.01,
      lng: spot.lng + 0.01,
    });
    // A visitor's photo of the published place, waiting with no description.
    const photo = await contributor.api.uploadPhoto(
      existing.id,
      'image/jpeg',
      new Uint8Array(await phonePhoto(800, 600)),
    );

    // Staff with every staff screen (an admin has the most tabs), on a fresh page of a phone.
    const staff = await newModerator(baseUrl, 'E2E phone admin');
    await admin.updateUser(staff.user.id, { role: 'admin' });
    await karta.forgetSession();
    await karta.resize(375, 740);
    await karta.openStaffScreen('/review');
    expect(await karta.staffGate()).toBe('sign-in');
    await karta.signInFromStaffPrompt(staff);
    expect(await karta.staffGate()).toBe('open');
    const queue = new ReviewQueue(page);

    // The staff tabs and the queue's tabs fit: nothing wider than the screen, no tab cut off.
    for (const language of ['en', 'hr'] as const) {
      await karta.switchLanguage(language);
      const { viewport, scrollWidth, tabs } = await queue.tabGeometry();
      expect(viewport).toBe(375);
      expect(scrollWidth, language).toBeLessThanOrEqual(375);
      expect(tabs.map((tab) => tab.tab)).toEqual([
        ...['review', 'flags', 'checking', 'categories', 'import', 'users', 'jobs', 'audit', 'webhooks'],
        ...['pending', 'published', 'archived'],
      ]);
      for (const tab of tabs) {
        expect(tab.left, `${language} ${tab.tab}`).toBeGreaterThanOrEqual(0);
        expect(tab.right, `${language} ${tab.tab}`).toBeLessThanOrEqual(375);
        expect(tab.height, `${language} ${tab.tab}`).toBeGreaterThanOrEqual(24);
      }
    }
    await karta.switchLanguage('en');

    // A queue of cards draws a map only for those the reader reaches.
    await queue.reach(twin.id);
    const map = await queue.spotMap(twin.id);
    expect(map.markers).toEqual(expect.arrayContaining([twin.id, existing.id]));
    expect(map.circles).toBeGreaterThanOrEqual(1);
    expect(map.width).toBeLessThanOrEqual(375);
    expect(map.height).toBeGreaterThan(100);
    expect(map.still).toBe(true);
    const drawn = await queue.mapsDrawn();
    if (drawn.cards > 6) expect(drawn.maps).toBeLessThan(drawn.cards);

    const similar = await queue.similarPlaces(twin.id);
    expect(similar).toHaveLength(1);
    expect(similar[0]).toMatchObject({ id: existing.id, href: `/places/${existing.id}` });
    expect(similar[0]?.distance).toBeGreaterThanOrEqual(35);
    expect(similar[0]?.distance).toBeLessThanOrEqual(45);
    expect(similar[0]?.text).toMatch(new RegExp(`^Similar: Pekara Zlatni klas ${tag}, 4\\d m away$`));
    expect((await karta.pageWidth()).scroll).toBeLessThanOrEqual(375);
    expect(await axeViolations(page)).toEqual([]);

    // Publish with the keyboard: the next card's heading takes the focus, ready for the next one.
    const tabs = await queue.publishWithKeyboard(twin.id);
    // The heading, Edit, the map (one stop while it is a picture), the similar place, the
    // history, the reason, Publish: nothing in the card traps or pads the Tab order.
    expect(tabs).toBeLessThanOrEqual(7);
    await expect.poll(() => queue.focus()).toEqual({ placeId: next.id, testId: 'review-item-name' });
    expect((await contributor.api.getPlace(twin.id)).status).toBe('published');

    // A photo's typed description goes out with it: Publish, no Save.
    const description = `The bakery’s shop window ${tag}`;
    await new PhotoPage(page).describeAndPublishInReview(photo.id, 'en', description);
    const { items: shown } = await admin.listPlacePhotos(existing.id);
    expect(shown.find((item) => item.id === photo.id)).toMatchObject({
      status: 'published',
      alt: { en: description },
    });
  });
});
