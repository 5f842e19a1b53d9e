import type { Place } from '@karta/contracts';
import { expect, it } from 'vitest';
import { apiOf, viewOf } from '../support/api.ts';
import { axeViolations } from '../support/axe.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import { PlacePage } from '../support/place-page.ts';

const ZAGREB = { lat: 45.813, lng: 15.977 };
/** A phone's first screen: what a visitor sees before scrolling. */
const FOLD = 740;
/** A time of day as the 12-hour clock writes it ("7:00 PM", "7 am"). */
const TWELVE_HOUR = /\d\s?[AaPp]\.?[Mm]\b/;

/** A published place near Zagreb's centre at its exact position, by the API's list with `filter`. */
async function publishedPlace(baseUrl: string, filter: (place: Place) => boolean, stale?: boolean) {
  const { items } = await apiOf(baseUrl).listPlaces({ near: ZAGREB, radius: 10_000, limit: 100, stale });
  const place = items.find((item) => item.locationPrivacy === 'exact' && filter(item));
  if (!place) throw new Error('No place near Zagreb matches');
  return place;
}

describeInBrowser('a place page puts what a visitor came for first', (suite) => {
  it.each([375, 1280])(
    'at %i px, open or closed and the ways there stand above the description',
    async (width) => {
      const { karta, page, baseUrl } = suite;
      // Hours that say open or closed, whatever the day and time the test runs.
      const place = await publishedPlace(
        baseUrl,
        (p) => p.openingHours !== null && p.openState.state !== 'unknown' && Boolean(p.description.en),
      );
      await karta.resize(width, width === 375 ? 812 : 900);
      await karta.openPlacePage(place.id);
      const placePage = new PlacePage(page);
      const top = await placePage.top();

      expect(top.scrollY).toBe(0);
      expect(top.openState).not.toBeNull();
      expect(await placePage.openStateText()).toMatch(/^(Open|Closed)/);
      expect(top.openState?.bottom).toBeLessThanOrEqual(top.description.top);
      expect(top.directions.bottom).toBeLessThanOrEqual(top.description.top);
      if (width === 375) {
        expect(top.openState?.bottom).toBeLessThanOrEqual(FOLD);
        expect(top.directions.bottom).toBeLessThanOrEqual(FOLD);
      }

      // The hours as OpenStreetMap writes them are the editor's; the visitor reads the week.
      const text = await placePage.text();
      expect(text).not.toContain(place.openingHours);
      expect(text).not.toMatch(TWELVE_HOUR);
    },
  );

  it('a place nobody confirmed for over a year says "May be out of date" on its page, in its info window and in the list', async () => {
    const { karta, page, baseUrl } = suite;
    const place = await publishedPlace(baseUrl, (p) => Boolean(p.name.en), true);
    expect(place.stale).toBe(true);

    await karta.resize(375, 812);
    await karta.openPlacePage(place.id);
    const placePage = new PlacePage(page);
    const top = await placePage.top();
    expect(await placePage.staleWarningText()).toMatch(/^May be out of date · Last confirmed .+ ago\./);
    expect(top.staleWarning?.bottom).toBeLessThanOrEqual(top.description.top);
    expect(top.staleWarning?.bottom).toBeLessThanOrEqual(FOLD);
    expect(await placePage.text()).not.toMatch(TWELVE_HOUR);
    // The warning and its link read well enough for everyone (contrast, names).
    await placePage.waitForMap();
    expect(await axeViolations(page)).toEqual([]);

    await karta.resize(1280, 900);
    await karta.openHome(viewOf(place, 17, place.id));
    expect(await karta.infoWindowText()).toContain('May be out of date');
    await expect.poll(async () => (await karta.listIds()).includes(place.id)).toBe(true);
    expect(await karta.listItemText(place.id)).toContain('May be out of date');
    expect(await page.locator('body').innerText()).not.toMatch(TWELVE_HOUR);
  });
});
