import type { Place } from '@karta/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { adminApi, newContributor } from '../support/accounts.ts';
import { apiOf, viewOf } from '../support/api.ts';
import { axeViolations } from '../support/axe.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import type { KartaDriver } from '../support/driver.ts';
import { type Box, overlap } from '../support/page-geometry.ts';
import { PlacePage } from '../support/place-page.ts';
import { waitForServiceWorker } from '../support/service-worker.ts';

const ZAGREB = { lat: 45.813, lng: 15.977 };
/** A phone's first screen (375 × 812): what a visitor sees before scrolling. */
const FOLD = 812;

/**
 * A published place near Zagreb at its exact position whose category takes notes, with hours
 * that say open or closed, and no note yet from anyone (`skip`: places other tests took).
 */
async function quietPlace(baseUrl: string, skip: readonly number[] = []): Promise<Place> {
  const api = apiOf(baseUrl);
  const { items } = await api.listPlaces({ near: ZAGREB, radius: 10_000, limit: 100 });
  for (const place of items) {
    if (place.locationPrivacy !== 'exact' || place.openState.state === 'unknown' || !place.name.en) continue;
    if (place.notesAllowed !== true || skip.includes(place.id)) continue;
    // Alone on its spot: other tests leave places on the same point, and a list of the places
    // nearest a shared point need not start with this one.
    const here = { lat: place.lat, lng: place.lng };
    if ((await api.listPlaces({ near: here, radius: 25, limit: 2 })).items.length > 1) continue;
    if ((await api.listNotes(place.id, {})).items.length === 0) return place;
  }
  throw new Error('No quiet place near Zagreb takes notes');
}

/**
 * A contributor whose first note a moderator already published (set up through the API), so
 * their next notes are published at once.
 */
async function trustedContributor(baseUrl: string, place: Place, name: string) {
  const contributor = await newContributor(baseUrl, name);
  const first = await contributor.api.createNote(place.id, {
    kind: 'comment',
    text: `Clean and quiet (${Date.now()})`,
    language: 'en',
  });
  if (!('id' in first)) throw new Error('The first note was not taken');
  const { api: admin } = await adminApi(baseUrl);
  await admin.transitionNote(first.id, { to: 'published' });
  return contributor;
}

/** Signs in in the browser and lands on the place's page, as a visitor following "Sign in" does. */
async function signInOnPlacePage(
  karta: KartaDriver,
  page: Page,
  place: Place,
  credentials: { email: string; password: string },
) {
  await karta.forgetSession();
  await karta.openSignIn(`/places/${place.id}`);
  await karta.signIn(credentials);
  await karta.waitForSignedIn();
  await new PlacePage(page).waitForPlace();
  await page.getByTestId('note-form').waitFor();
}

const boxOf = (page: Page, selector: string): Promise<Box | null> =>
  page.evaluate((wanted) => {
    const element = document.querySelector(wanted);
    if (!element) return null;
    const { left, top, right, bottom } = element.getBoundingClientRect();
    return { left, top, right, bottom };
  }, selector);

describeInBrowser('notes on places: what visitors see and write', (suite) => {
  it('at 375 px, a status note posted on the place page shows within a second above the fold, beside the open state, in the info window and the list', async () => {
    const { karta, page, baseUrl } = suite;
    const place = await quietPlace(baseUrl);
    const contributor = await trustedContributor(baseUrl, place, 'Ana E2E');
    await karta.resize(375, FOLD);
    await signInOnPlacePage(karta, page, place, contributor);
    expect(await page.getByTestId('status-note').count()).toBe(0);

    await page.getByTestId('note-effect-closed_now').check();
    await page.getByTestId('note-text').fill('No water today');
    expect(await page.getByTestId('note-count').innerText()).toBe('14 / 200');
    const answered = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/v1/places/${place.id}/notes`) && response.request().method() === 'POST',
    );
    await page.getByTestId('send-note').click();
    expect((await answered).status()).toBe(201);
    const published = Date.now();
    await page.getByTestId('status-note').waitFor({ timeout: 5_000 });
    expect(Date.now() - published).toBeLessThan(1_000);
    expect(await page.getByTestId('note-sent').innerText()).toContain('Thank you: your note is shown.');
    await expect.poll(() => page.getByTestId('place-note').first().innerText()).toContain('No water today');

    // At the top of the page, before any scrolling: under the open state, not over it.
    await page.evaluate(() => window.scrollTo(0, 0));
    const note = await boxOf(page, '[data-testid=status-note]');
    const openState = await boxOf(page, 'main [data-testid=open-state]');
    expect(note).not.toBeNull();
    expect(openState).not.toBeNull();
    if (!note || !openState) return;
    expect(note.top).toBeGreaterThanOrEqual(0);
    expect(note.bottom).toBeLessThanOrEqual(FOLD);
    expect(note.left).toBeGreaterThanOrEqual(0);
    expect(note.right).toBeLessThanOrEqual(375);
    expect(overlap(note, openState)).toBe(false);
    expect(note.top).toBeGreaterThanOrEqual(openState.bottom);
    const text = (await page.getByTestId('status-note').innerText()).replace(/\s+/g, ' ');
    expect(text).toMatch(/^Reported closed today Ana E2E reported (just now|1 minute ago): No water today$/);
    // The hours still say what they say.
    expect(await page.locator('main [data-testid=open-state]').getAttribute('data-state')).toBe(
      place.openState.state,
    );
    await new PlacePage(page).waitForMap();
    expect(await axeViolations(page)).toEqual([]);

    // The list: the places nearest the view's centre, so the view is centred on the place (with its
    // info window open the map moves north to make room, and the list follows the new centre).
    await karta.openHome(viewOf(place, 17));
    await expect.poll(async () => (await karta.listIds()).includes(place.id)).toBe(true);
    expect(await karta.listItemText(place.id)).toContain('Reported closed today');
    await karta.openHome(viewOf(place, 17, place.id));
    await expect.poll(() => karta.infoWindowText()).toContain('No water today');
    expect(await karta.infoWindowText()).toContain('Reported closed today');
  });

  it('a signed-out visitor’s form asks for an e-mail address, and its bot trap is out of sight', async () => {
    const { karta, page, baseUrl } = suite;
    const place = await quietPlace(baseUrl);
    await karta.forgetSession();
    await karta.resize(375, FOLD);
    await karta.openPlacePage(place.id);
    await page.getByTestId('note-form').waitFor();
    const email = page.getByTestId('field-note-email');
    expect(await email.isVisible()).toBe(true);
    expect(await page.getByTestId('note-form').innerText()).toContain(
      'We send you a link to confirm; your address is never shown.',
    );
    // The trap's frame: one clipped pixel, so nothing of it shows.
    const trap = await boxOf(page, '[data-testid=note-trap]');
    expect(trap && trap.right - trap.left <= 1 && trap.bottom - trap.top <= 1).toBe(true);
    await page.getByTestId('note-kind-comment').check();
    expect(await page.getByTestId('note-count').innerText()).toBe('0 / 1000');
    expect(await page.getByTestId('note-effect-closed_now').count()).toBe(0);
  });

  it('keeps a note written offline through a reload and sends it once when back online', async () => {
    const { karta, page, session, baseUrl } = suite;
    const first = await quietPlace(baseUrl);
    const place = await quietPlace(baseUrl, [first.id]);
    const contributor = await trustedContributor(baseUrl, place, 'E2E offline walker');
    await karta.resize(375, FOLD);
    await signInOnPlacePage(karta, page, place, contributor);
    // A second visit with the service worker in control keeps the page's reads for offline use.
    await waitForServiceWorker(page);
    await page.reload();
    await page.getByTestId('note-form').waitFor();

    await session.context.setOffline(true);
    const text = `Benches repainted ${Date.now()}`;
    await page.getByTestId('note-kind-comment').check();
    await page.getByTestId('note-text').fill(text);
    await page.getByTestId('send-note').click();
    await expect
      .poll(() => page.getByTestId('note-sent').getAttribute('data-outcome'), { timeout: 15_000 })
      .toBe('kept');

    await page.reload();
    await page.getByTestId('note-form').waitFor();
    const mine = async () =>
      (await apiOf(baseUrl).listNotes(place.id, { limit: 50 })).items.filter((note) => note.text === text);
    expect(await mine()).toEqual([]);

    await session.context.setOffline(false);
    await expect.poll(async () => (await mine()).length, { timeout: 30_000, interval: 500 }).toBe(1);
    // Nothing is sent twice, by the tab or the service worker, once the draft is gone.
    await page.reload();
    await page.getByTestId('note-form').waitFor();
    await page.waitForTimeout(1_500);
    expect(await mine()).toHaveLength(1);
  });
});
