import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { newContributor, newModerator } from '../support/accounts.ts';
import { axeViolations } from '../support/axe.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import type { KartaDriver } from '../support/driver.ts';
import { overlap, within } from '../support/page-geometry.ts';
import { PlaceFormPage } from '../support/place-form.ts';
import { PlacePage } from '../support/place-page.ts';

/** A common phone's screen, in CSS pixels. */
const PHONE = { width: 375, height: 740 };

/** The demo data's defibrillator, with its fields: Access (choice), Indoor (yes/no), Floor (−5 to 60). */
const DEFIBRILLATOR = 'Defibrillator (AED)';

/** Sends the form: a possible duplicate nearby, if one is listed, is saved anyway. */
async function save(karta: KartaDriver, page: Page): Promise<void> {
  await karta.savePlace();
  const step = page.getByTestId('duplicates-step');
  await step.or(page.getByTestId('submission-saved')).first().waitFor({ timeout: 20_000 });
  if (await step.isVisible()) await karta.saveAnyway();
}

describeInBrowser('a category’s fields, from the form to the place page', (suite) => {
  it('a volunteer on a phone fills a defibrillator’s fields; a wrong floor is explained and sends nothing; once published, the page shows the values', async () => {
    const { karta, page, baseUrl } = suite;
    const form = new PlaceFormPage(page);
    await karta.resize(PHONE.width, PHONE.height);
    const contributor = await newContributor(baseUrl, 'E2E fields volunteer');
    const name = `AED at the library ${Date.now().toString(36)}`;

    await karta.forgetSession();
    await karta.openPropose();
    await karta.signInFromContributorPrompt(contributor);
    await karta.waitForPickerMap();
    await karta.clickPickerMap(0, 0);
    await karta.choosePlaceCategory(DEFIBRILLATOR);
    await karta.fillPlaceField('name.en', name);

    // One widget per field, in the category's order.
    expect(await form.categoryFieldKeys()).toEqual(['access', 'indoor', 'level']);
    await form.chooseFieldOption('access', 'Customers only');
    await form.chooseFieldOption('indoor', 'Yes');

    // A floor above the highest the category allows: explained under the field once it is left.
    await karta.fillPlaceField('extra.level', '100');
    expect(await karta.placeFieldError('extra.level')).toBe('Enter 60 or less.');
    await karta.savePlace();
    await expect.poll(() => karta.focusedPlaceField()).toBe('extra.level');
    const refused = await form.categoryFieldsLayout('level');
    const { error, widget, section } = refused;
    expect(error && widget && error.top >= widget.bottom && error.top - widget.bottom < 24).toBe(true);
    expect(error && widget && Math.abs(error.left - widget.left) < 2).toBe(true);
    // Nothing is sent while the form holds the problem.
    expect((await contributor.api.listPlaces({ mine: true, limit: 100 })).items).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    // The section fits the phone, and nothing fixed or sticky covers a field.
    expect(section && section.right <= PHONE.width && section.left >= 0).toBe(true);
    expect(refused.widgetUncovered).toBe(true);
    expect(refused.fixed.filter((box) => widget && overlap(box, widget))).toEqual([]);
    expect((await karta.pageWidth()).scroll).toBeLessThanOrEqual(PHONE.width);

    await karta.fillPlaceField('extra.level', '1');
    expect(await karta.placeFieldError('extra.level', false)).toBe('');
    const fixedUp = await form.categoryFieldsLayout('level');
    expect(fixedUp.widgetUncovered).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await save(karta, page);
    expect(await karta.submissionConfirmation()).toContain('sent for review');
    const created = (await karta.mySubmissions()).find((place) => place.name === name);
    const id = created?.id ?? 0;

    // What the server keeps, then published by a moderator (through the API).
    const moderator = await newModerator(baseUrl, 'E2E fields moderator');
    const pending = await moderator.api.getPlace(id);
    expect(pending.extra).toEqual({ access: 'customers', indoor: true, level: 1 });
    await moderator.api.transitionPlace(id, { to: 'published', version: pending.version });

    // The place page shows the values in the reader's words, inside the phone's width.
    await karta.openPlacePage(id);
    const placePage = new PlacePage(page);
    const fields = await placePage.fields();
    expect(fields?.chips).toEqual(['Indoor: yes']);
    expect(fields?.lines).toEqual([
      ['Access', 'Customers only'],
      ['Floor', '1'],
    ]);
    const top = await placePage.top();
    expect(fields && within(fields.box, top.description)).toBe(true);
    expect(fields && fields.box.right <= PHONE.width).toBe(true);
    expect((await karta.pageWidth()).scroll).toBeLessThanOrEqual(PHONE.width);
  });
});
