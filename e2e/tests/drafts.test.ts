import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { phonePhoto } from '../../apps/server/test/support/photos.ts';
import { adminApi, newContributor, newModerator } from '../support/accounts.ts';
import { axeViolations } from '../support/axe.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import { launchBrowser } from '../support/chromium.ts';
import { DraftsPage } from '../support/drafts-page.ts';
import { KartaDriver } from '../support/driver.ts';
import { startKartaProxy } from '../support/karta-proxy.ts';
import { waitForServiceWorker } from '../support/service-worker.ts';

/** The contributor's own places named `name` (every status), as the server has them. */
async function placesNamed(api: Awaited<ReturnType<typeof newContributor>>['api'], name: string) {
  const { items } = await api.listPlaces({ mine: true, order: 'newest', limit: 100 });
  return items.filter((place) => place.name.en === name);
}

/** Waits until the drafts are sent by whoever comes first: Background Sync, or "Send now". */
async function sentByWhoeverComesFirst(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const sendNow = page.getByTestId('send-drafts');
        if (await sendNow.isVisible()) await sendNow.click().catch(() => {});
        return page.getByTestId('draft-item').count();
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(0);
}

/**
 * Sends the place form online: a possible duplicate nearby (the demo data is dense in central
 * Zagreb) is saved anyway, as the test's place is a new one.
 */
async function saveOnline(karta: KartaDriver, page: Page): Promise<void> {
  await karta.savePlace();
  const step = page.getByTestId('duplicates-step');
  await step.or(page.getByTestId('submission-saved')).first().waitFor({ timeout: 20_000 });
  if (await step.isVisible()) await karta.saveAnyway();
}

/** Fills the propose form with a place at the picker's centre (in `category`, else the first). */
async function fillProposal(karta: KartaDriver, name: string, category?: string): Promise<void> {
  await karta.waitForPickerMap();
  await karta.clickPickerMap(0, 0);
  await karta.choosePlaceCategory(category);
  await karta.fillPlaceField('name.en', name);
}

/**
 * Signs the contributor in from the propose form, then loads it once more with the service worker
 * in control, so the form's reads (who is signed in, the categories) are kept for offline use, as
 * on any visit after the first.
 */
async function openProposeFormForOffline(
  karta: KartaDriver,
  page: Page,
  contributor: { email: string; password: string },
): Promise<void> {
  await karta.forgetSession();
  await karta.openPropose('?lat=45.81&lng=15.98&z=16');
  await karta.signInFromContributorPrompt(contributor);
  // Signed in, back on the form (a reload before would reload the sign-in page).
  await karta.waitForPickerMap();
  await waitForServiceWorker(page);
  await page.reload();
  await karta.waitForPickerMap();
}

describeInBrowser('drafts that are never lost', (suite) => {
  it('keeps a proposal written offline through a reload, with a photo, and sends it once when back online', async () => {
    const { karta, page, session, baseUrl } = suite;
    const contributor = await newContributor(baseUrl, 'E2E basement volunteer');
    const drafts = new DraftsPage(page);
    const name = `Shelter kitchen ${Date.now()}`;
    await openProposeFormForOffline(karta, page, contributor);

    await session.context.setOffline(true);
    try {
      await fillProposal(karta, name);
      await karta.savePlace();
      expect(await karta.submissionConfirmation()).toContain('kept in this browser');
      expect(karta.url().pathname).toBe('/my-submissions');
      await drafts.waitForDraftCount(1);
      const [kept] = await drafts.drafts();
      expect(kept).toMatchObject({ state: 'waiting', status: 'Waiting to send' });
      expect(kept?.text).toContain(name);
      await drafts.addPhotos(kept?.id ?? '', [
        { name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto(1200, 900, 1, 60) },
      ]);
      // The photo is read and shrunk in the browser before it is kept: seconds on a busy machine.
      await expect
        .poll(async () => (await drafts.drafts())[0]?.text, { timeout: 20_000 })
        .toContain('1 photo');

      // A reload with no network: the app comes from the worker, the draft from IndexedDB.
      await page.reload();
      await drafts.waitForDraftCount(1);
      expect((await drafts.drafts())[0]).toMatchObject({ id: kept?.id, status: 'Waiting to send' });
      // Under the waiting draft, no error: the list on Karta waits for the network, and says so.
      await page.getByTestId('my-submissions-offline').waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(await placesNamed(contributor.api, name)).toEqual([]);
    } finally {
      await session.context.setOffline(false);
    }

    // Back online: sent by itself (the page's `online` and Background Sync race; the lock and the
    // key make it one place), then gone from the list.
    await drafts.waitForDraftCount(0, 30_000);
    const sent = await placesNamed(contributor.api, name);
    expect(sent).toHaveLength(1);
    const place = sent[0];
    if (!place) throw new Error('The proposal was not sent');
    expect(place.status).toBe('pending');
    expect((await contributor.api.listPlacePhotos(place.id)).items).toHaveLength(1);

    // It is in the moderators' queue.
    await karta.forgetSession();
    await karta.openStaffScreen('/review');
    await karta.signInFromStaffPrompt(await newModerator(baseUrl));
    expect(await karta.reviewItemName(place.id)).toBe(name);
  });

  it('says why a draft the server refused was not accepted, and sends it once changed in the form', async () => {
    const { karta, page, session, baseUrl } = suite;
    const { api: admin } = await adminApi(baseUrl);
    const contributor = await newContributor(baseUrl, 'E2E patient volunteer');
    const drafts = new DraftsPage(page);
    const category = await admin.createCategory({
      slug: `soon-gone-${Date.now().toString(36)}`,
      name: { en: 'Pop-up clinic', hr: 'Privremena ambulanta' },
      color: '#be185d',
      icon: 'map-pin',
    });
    const name = `Clinic in the school gym ${Date.now()}`;
    await openProposeFormForOffline(karta, page, contributor);

    await session.context.setOffline(true);
    try {
      await fillProposal(karta, name, 'Pop-up clinic');
      await karta.savePlace();
      expect(await karta.submissionConfirmation()).toContain('kept in this browser');
      // The category is removed while the draft waits.
      await admin.deleteCategory(category.id);
    } finally {
      await session.context.setOffline(false);
    }

    await expect
      .poll(async () => (await drafts.drafts()).map((draft) => draft.state), { timeout: 30_000 })
      .toEqual(['refused']);
    const [refused] = await drafts.drafts();
    expect(refused?.status).toBe('Not accepted');
    expect(await axeViolations(page)).toEqual([]);
    expect(refused?.text).toContain('Karta did not accept it:');
    expect(await placesNamed(contributor.api, name)).toEqual([]);

    // Opened in the form again, as it was written; another category, and it goes.
    await page
      .locator(`[data-testid=draft-item][data-draft-id="${refused?.id}"] [data-testid=edit-draft]`)
      .click();
    await karta.waitForPickerMap();
    expect(await karta.placeField('name.en')).toBe(name);
    await karta.choosePlaceCategory();
    await saveOnline(karta, page);
    expect(await karta.submissionConfirmation()).toContain('sent for review');
    expect(await page.getByTestId('draft-item').count()).toBe(0);
    expect(await placesNamed(contributor.api, name)).toHaveLength(1);
  });

  it('shows an edit written offline that met a newer version on a merge screen, and sends the choices', async () => {
    const { karta, page, session, baseUrl } = suite;
    const contributor = await newContributor(baseUrl, 'E2E offline editor');
    const drafts = new DraftsPage(page);
    const created = await contributor.api.createPlace({
      categoryId: (await contributor.api.categories()).items[0]?.id ?? 1,
      name: { en: 'Soup point' },
      lat: 45.812,
      lng: 15.975,
      phone: '+385 1 100 100',
      locationPrivacy: 'exact',
    });
    await karta.forgetSession();
    await page.goto(`${baseUrl}/places/${created.id}/edit`);
    await karta.signInFromContributorPrompt(contributor);
    await karta.waitForPickerMap();
    await waitForServiceWorker(page);

    await session.context.setOffline(true);
    try {
      // A photo chosen with no network waits in the browser too.
      await page
        .getByTestId('photo-input')
        .setInputFiles([
          { name: 'pot.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto(900, 1200, 1, 60) },
        ]);
      await page.locator('[data-testid=photo-upload][data-state=kept]').waitFor();
      expect(await page.getByTestId('photo-upload-kept').innerText()).toContain('will be sent');

      await karta.fillPlaceField('name.en', 'Soup point (back entrance)');
      await karta.fillPlaceField('phone', '+385 1 200 200');
      await karta.savePlace();
      expect(await karta.submissionConfirmation()).toContain('kept in this browser');
      await drafts.waitForDraftCount(2);
      const [photosDraft, editDraft] = await drafts.drafts();
      expect(photosDraft?.text).toMatch(/Photos for a place · written .* · 1 photo/);
      expect(editDraft?.text).toMatch(/Changes to a place · written /);
    } finally {
      // Meanwhile a moderator renames it and adds a website.
      const { api: moderator } = await adminApi(baseUrl);
      await moderator.updatePlace(created.id, {
        version: created.version,
        name: { en: 'Soup point Trešnjevka' },
        website: 'https://soup.example.org',
      });
      await session.context.setOffline(false);
    }

    // The photo goes; the edit is tried, meets the newer version, and waits for the author's choice.
    await expect
      .poll(async () => (await drafts.drafts()).map((draft) => draft.state), { timeout: 30_000 })
      .toEqual(['conflict']);
    expect((await contributor.api.listPlacePhotos(created.id)).items).toHaveLength(1);
    const [conflict] = await drafts.drafts();
    expect(conflict?.status).toBe('Needs your choice');
    await drafts.resolve(conflict?.id ?? '');
    expect(await page.getByTestId('merging-place').innerText()).toBe('Soup point Trešnjevka');
    expect(await axeViolations(page)).toEqual([]);
    const rows = await drafts.mergeRows();
    expect(rows.map(({ field, choice }) => ({ field, choice }))).toEqual([
      { field: 'name.en', choice: true },
      { field: 'phone', choice: false },
    ]);
    // (The sides' labels are shown in capitals.)
    expect(rows[0]?.text).toMatch(/Yours\s+Soup point \(back entrance\)/i);
    expect(rows[0]?.text).toMatch(/Now on Karta\s+Soup point Trešnjevka/i);
    expect(rows[1]?.text).toContain('Only you changed it: +385 1 200 200');

    await drafts.keep('name.en', 'mine');
    await drafts.sendChoices();
    expect(await karta.submissionConfirmation()).toBe('Your changes were saved.');
    expect(await contributor.api.getPlace(created.id)).toMatchObject({
      name: { en: 'Soup point (back entrance)' },
      phone: '+385 1 200 200',
      website: 'https://soup.example.org',
    });
    expect(await page.getByTestId('draft-item').count()).toBe(0);
  });
});

it.skipIf(!inject('chromiumPath'))(
  'sends a proposal whose answer was lost once more with the same key, and the server keeps one',
  async () => {
    const proxy = await startKartaProxy(inject('kartaUrl'));
    const session = await launchBrowser(inject('chromiumPath'), [proxy.url]);
    try {
      const contributor = await newContributor(inject('kartaUrl'), 'E2E flaky network');
      const page = await session.context.newPage();
      const karta = new KartaDriver(page, proxy.url);
      const name = `Night shelter ${Date.now()}`;
      await karta.openPropose('?lat=45.81&lng=15.98&z=16');
      await karta.signInFromContributorPrompt(contributor);
      await fillProposal(karta, name);

      // The server makes the place, but the answer never arrives: to the browser, a failed send.
      proxy.loseNextAnswer('POST', '/api/v1/places');
      await saveOnline(karta, page);
      expect(await karta.submissionConfirmation()).toContain('kept in this browser');
      expect(await placesNamed(contributor.api, name)).toHaveLength(1);

      await sentByWhoeverComesFirst(page);
      expect(proxy.requestsTo('POST', '/api/v1/places')).toBe(2);
      const [place] = await placesNamed(contributor.api, name);
      expect(await placesNamed(contributor.api, name)).toHaveLength(1);

      // An edit whose answer is lost: sent again, it meets its own new version (409), and is
      // recognised as done rather than shown as a conflict.
      const path = `/api/v1/places/${place?.id}`;
      await page.goto(`${proxy.url}${path.replace('/api/v1', '')}/edit`);
      await karta.waitForPickerMap();
      await karta.fillPlaceField('phone', '+385 1 300 300');
      proxy.loseNextAnswer('PATCH', path);
      await saveOnline(karta, page);
      expect(await karta.submissionConfirmation()).toContain('kept in this browser');
      await sentByWhoeverComesFirst(page);
      expect(proxy.requestsTo('PATCH', path)).toBe(2);
      expect(await contributor.api.getPlace(place?.id ?? 0)).toMatchObject({
        phone: '+385 1 300 300',
        version: 2,
      });
    } finally {
      await session.close();
      await proxy.close();
    }
  },
  120_000,
);
