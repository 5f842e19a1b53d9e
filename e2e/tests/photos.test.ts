import { expect, it } from 'vitest';
import { phonePhoto, TAKEN_AT } from '../../apps/server/test/support/photos.ts';
import { adminApi, newContributor, newModerator } from '../support/accounts.ts';
import { axeViolations } from '../support/axe.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import { PhotoPage } from '../support/photo-page.ts';

/** Metres between two points (equirectangular: fine at these distances). */
function metres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const x = (b.lng - a.lng) * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  return Math.hypot(x, b.lat - a.lat) * 111_195;
}

describeInBrowser('photos', (suite) => {
  it('a contributor adds photos to their proposal and moves the pin to where one was taken; a moderator publishes them; a visitor turns through them with the keyboard, and none carries its EXIF', async () => {
    const { karta, page, baseUrl } = suite;
    const contributor = await newContributor(baseUrl, 'E2E photographer');
    const { items: categories } = await contributor.api.categories();
    const tag = Date.now().toString(36);
    // The pin is about 150 m from where the photo was taken.
    const place = await contributor.api.createPlace({
      categoryId: categories[0]?.id ?? 1,
      name: { en: `Photographed bakery ${tag}` },
      lat: TAKEN_AT.lat + 0.0013,
      lng: TAKEN_AT.lng + 0.0007,
    });
    const photos = new PhotoPage(page);

    await karta.forgetSession();
    await karta.openSignIn(`/places/${place.id}/edit`);
    await karta.signIn({ email: contributor.email, password: contributor.password });
    await karta.waitForPickerMap();
    // A 5 MB photo is made smaller in the browser before it is sent; both go through every step.
    const large = await phonePhoto(4000, 3000, 1, 80, { noise: true });
    expect(large.length).toBeGreaterThan(3 * 1024 * 1024);
    const states = await photos.upload([
      { name: 'door.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto(1200, 900, 1, 60) },
      { name: 'street.jpg', mimeType: 'image/jpeg', buffer: large },
    ]);
    expect(states).toHaveLength(2);
    for (const row of states) {
      expect(row.at(-1)).toBe('done');
      expect(row).toContain('uploading');
    }
    expect(states[1]).toContain('resizing');

    // Where it was taken is offered for the pin, and moves it there.
    expect(await photos.pinSuggestion()).toMatch(/1\d\d m/);
    await photos.movePinToPhoto();
    const pin = await karta.pickerPosition();
    expect(metres(pin ?? { lat: 0, lng: 0 }, TAKEN_AT)).toBeLessThan(2);

    await photos.describe(0, 'en', 'The bakery’s blue door');
    await photos.describe(1, 'en', 'The street in front of the bakery');
    await karta.savePlace();
    await page.waitForURL(/\/my-submissions/);
    const moved = await contributor.api.getPlace(place.id);
    expect(metres(moved, TAKEN_AT)).toBeLessThan(2);

    // A moderator publishes both photos from the review queue, and the place.
    await karta.forgetSession();
    const moderator = await newModerator(baseUrl);
    await karta.openStaffScreen('/review');
    await karta.signInFromStaffPrompt(moderator);
    await expect.poll(() => photos.reviewCount()).toBeGreaterThanOrEqual(2);
    await photos.publishFirstInReview(`Photographed bakery ${tag}`);
    await photos.publishFirstInReview(`Photographed bakery ${tag}`);
    const { api: admin } = await adminApi(baseUrl);
    await admin.transitionPlace(place.id, { to: 'published', version: moved.version });

    // A visitor: the gallery, the viewer by keyboard, focus back where it was.
    await karta.forgetSession();
    await karta.openPlacePage(place.id);
    await page.getByTestId('photo-gallery').waitFor();
    // The photos take their place without moving anything (CLS 0 as Lighthouse rounds it).
    expect(await photos.layoutShift()).toBeLessThan(0.001);
    await photos.tabToFirstThumbnail();
    expect((await photos.focused()).label).toBe('Open photo: The bakery’s blue door');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await photos.viewer())?.caption).toBe('The bakery’s blue door');
    expect(await photos.viewer()).toMatchObject({
      title: 'Photo 1 of 2',
      credit: expect.stringContaining('CC BY-SA 4.0'),
    });
    expect(await photos.viewerImageSize()).toEqual({ width: 1200, height: 900 });
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await photos.viewer())?.caption).toBe('The street in front of the bakery');
    // The browser sent at most 2 400 px; the server kept 1 600 on the long side.
    expect(await photos.viewerImageSize()).toEqual({ width: 1600, height: 1200 });
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await photos.viewer())?.title).toBe('Photo 1 of 2');
    await page.keyboard.press('Escape');
    await expect.poll(() => photos.viewer()).toBeNull();
    expect((await photos.focused()).testId).toBe('photo-open');

    // What any visitor can fetch has no EXIF: no GPS, camera or date.
    const { items } = await contributor.api.listPlacePhotos(place.id);
    for (const photo of items) {
      for (const url of [photo.urls.thumb, photo.urls.large]) {
        const bytes = Buffer.from(await (await fetch(`${baseUrl}${url}`)).arrayBuffer());
        for (const text of ['Exif', 'Phonemaker', '2026:11:26'])
          expect(bytes.includes(text), text).toBe(false);
      }
    }
  });

  it('explains a file that is not a photo, and adds nothing', async () => {
    const { karta, page, baseUrl } = suite;
    const contributor = await newContributor(baseUrl, 'E2E wrong file');
    const { items: categories } = await contributor.api.categories();
    const place = await contributor.api.createPlace({
      categoryId: categories[0]?.id ?? 1,
      name: { en: `Not a photo ${Date.now().toString(36)}` },
      lat: 45.7,
      lng: 16.3,
    });
    const photos = new PhotoPage(page);
    await karta.forgetSession();
    await karta.openSignIn(`/places/${place.id}/edit`);
    await karta.signIn({ email: contributor.email, password: contributor.password });
    const states = await photos.upload([
      { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('These are my notes, not a photo.') },
    ]);
    expect(states[0]?.at(-1)).toBe('failed');
    expect(await photos.uploadError(0)).toBe(
      'This file is not an image. Send a JPEG, PNG, WebP or AVIF photo.',
    );
    expect((await contributor.api.listPlacePhotos(place.id)).items).toEqual([]);
  });
});
