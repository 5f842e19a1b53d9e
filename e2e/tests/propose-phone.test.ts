import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { phonePhoto } from '../../apps/server/test/support/photos.ts';
import { newContributor, newModerator } from '../support/accounts.ts';
import { axeViolations } from '../support/axe.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import type { KartaDriver } from '../support/driver.ts';
import { allowLocation } from '../support/geolocation.ts';
import { PlaceFormPage } from '../support/place-form.ts';

/** A common phone's screen, in CSS pixels. */
const PHONE = { width: 375, height: 740 };

/** Where the contributor stands: Split's riva, far from the map's first view over Zagreb. */
const HERE = { latitude: 43.50828, longitude: 16.43916 };

/** Metres between two points (close together). */
function metresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const north = (a.lat - b.lat) * 111_320;
  const east = (a.lng - b.lng) * 111_320 * Math.cos((a.lat * Math.PI) / 180);
  return Math.hypot(north, east);
}

/** Sends the form: a possible duplicate nearby, if one is listed, is saved anyway. */
async function save(karta: KartaDriver, page: Page): Promise<void> {
  await karta.savePlace();
  const step = page.getByTestId('duplicates-step');
  await step.or(page.getByTestId('submission-saved')).first().waitFor({ timeout: 20_000 });
  if (await step.isVisible()) await karta.saveAnyway();
}

describeInBrowser('proposing from a phone', (suite) => {
  it('a contributor at the place uses their location, leaves the hours unknown, adds a photo and saves; the server has both', async () => {
    const { karta, page, session, baseUrl } = suite;
    const form = new PlaceFormPage(page);
    await karta.resize(PHONE.width, PHONE.height);
    const contributor = await newContributor(baseUrl, 'E2E phone proposer');
    await allowLocation(session.context, baseUrl, HERE);
    const name = `Kiosk on the riva ${Date.now().toString(36)}`;

    await karta.forgetSession();
    await karta.openPropose();
    await karta.signInFromContributorPrompt(contributor);
    await karta.waitForPickerMap();
    const first = await karta.mapStateOf('picker-map');
    expect(metresBetween(first.center, { lat: HERE.latitude, lng: HERE.longitude })).toBeGreaterThan(10_000);

    // "Use my location": the marker, the coordinates and the map's middle are where the phone is.
    await form.useMyLocation();
    expect((await form.locateOutcome()).problem).toBeNull();
    expect(Number(await karta.placeField('lat'))).toBeCloseTo(HERE.latitude, 6);
    expect(Number(await karta.placeField('lng'))).toBeCloseTo(HERE.longitude, 6);
    const marker = await karta.pickerPosition();
    expect(
      metresBetween(marker ?? { lat: 0, lng: 0 }, { lat: HERE.latitude, lng: HERE.longitude }),
    ).toBeLessThan(1);
    await expect
      .poll(async () => metresBetween((await karta.mapStateOf('picker-map')).center, marker ?? first.center))
      .toBeLessThan(5);
    await expect.poll(async () => (await karta.mapStateOf('picker-map')).zoom).toBeGreaterThanOrEqual(16);

    await karta.choosePlaceCategory();
    await karta.fillPlaceField('name.en', name);
    // The hours are not known, and are left so.
    expect(await form.hoursChoice()).toBe('unknown');
    await form.addPhotos([
      { name: 'kiosk.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto(1200, 900, 1, 60) },
    ]);
    await expect.poll(() => form.chosenPhotosDrawn()).toBe(true);
    // Nothing of the form is wider than the phone, and what was added passes axe.
    expect((await karta.pageWidth()).scroll).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);

    await save(karta, page);
    expect(await karta.submissionConfirmation()).toContain('sent for review');
    const created = (await karta.mySubmissions()).find((place) => place.name === name);
    const id = created?.id ?? 0;
    expect(created?.status).toBe('pending');

    // A moderator finds it where the phone was, without hours, with its photo (which follows the place).
    const moderator = await newModerator(baseUrl, 'E2E phone moderator');
    const place = await moderator.api.getPlace(id);
    expect(place.openingHours).toBeNull();
    expect(place.lat).toBeCloseTo(HERE.latitude, 6);
    expect(place.lng).toBeCloseTo(HERE.longitude, 6);
    await expect
      .poll(async () => (await moderator.api.listPlacePhotos(id)).items.length, { timeout: 30_000 })
      .toBe(1);
    await expect.poll(() => page.getByTestId('draft-item').count(), { timeout: 10_000 }).toBe(0);
  });

  it('the hours are typed on the 24-hour clock from the number pad, in an English browser too, and a time that is not one is explained', async () => {
    const { karta, page, baseUrl } = suite;
    const form = new PlaceFormPage(page);
    await karta.resize(PHONE.width, PHONE.height);
    const contributor = await newContributor(baseUrl, 'E2E phone hours');
    await karta.forgetSession();
    await karta.openPropose();
    await karta.signInFromContributorPrompt(contributor);
    // A browser whose own `<input type="time">` would show AM/PM.
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');

    await form.enterHours();
    await form.addHours('Mo');
    const { opens, closes } = form.timeFields('Mo');
    expect(await opens.getAttribute('inputmode')).toBe('numeric');
    await form.typeTime('Mo', 'opens', '0730');
    await form.typeTime('Mo', 'closes', '1930');
    expect([await opens.inputValue(), await closes.inputValue()]).toEqual(['07:30', '19:30']);
    expect(await karta.placeField('openingHours')).toBe('Mo 07:30-19:30');
    // Opening, closing and Remove stand on one line inside the phone's screen.
    const remove = page.getByRole('button', { name: 'Remove these hours on Monday' });
    const boxes = await Promise.all([opens.boundingBox(), closes.boundingBox(), remove.boundingBox()]);
    expect(new Set(boxes.map((box) => Math.round((box?.y ?? 0) + (box?.height ?? 0) / 2))).size).toBe(1);
    expect((boxes[2]?.x ?? 0) + (boxes[2]?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);

    await form.typeTime('Mo', 'closes', '25:00');
    expect(await form.timeProblems('Mo')).toEqual([
      'Monday: write the closing time as HH:MM on the 24-hour clock, e.g. 16:00 (24:00 for midnight).',
    ]);
    expect(await closes.getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
  });
});
