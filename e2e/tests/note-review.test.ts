import type { Place } from '@karta/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { newContributor, newModerator } from '../support/accounts.ts';
import { apiOf } from '../support/api.ts';
import { axeViolations } from '../support/axe.ts';
import { describeInBrowser } from '../support/browser-suite.ts';

const ZAGREB = { lat: 45.813, lng: 15.977 };

/** A published place near Zagreb whose category takes notes, not yet noted (`skip`: taken). */
async function notablePlace(baseUrl: string, skip: readonly number[] = []): Promise<Place> {
  const api = apiOf(baseUrl);
  const { items } = await api.listPlaces({ near: ZAGREB, radius: 10_000, limit: 100 });
  for (const place of items) {
    if (place.notesAllowed !== true || skip.includes(place.id) || !place.name.en) continue;
    if ((await api.listNotes(place.id, {})).items.length === 0) return place;
  }
  throw new Error('No place near Zagreb takes notes');
}

/** Whether anything on the page is wider than the viewport (a phone would scroll sideways). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

describeInBrowser('notes on places: moderators', (suite) => {
  it('at 375 px, a moderator publishes a newcomer’s waiting note and hides another with a reason; visitors see only the first', async () => {
    const { karta, page, baseUrl } = suite;
    const place = await notablePlace(baseUrl);
    const stamp = Date.now();
    const kept = `Tap works again (${stamp})`;
    const dropped = `Visit my shop (${stamp})`;
    for (const [name, text] of [
      ['E2E newcomer', kept],
      ['E2E other newcomer', dropped],
    ] as const) {
      const author = await newContributor(baseUrl, name);
      const receipt = await author.api.createNote(place.id, { kind: 'comment', text, language: 'en' });
      expect(receipt.state).toBe('pending');
    }
    const moderator = await newModerator(baseUrl, 'E2E note moderator');

    await karta.forgetSession();
    await karta.resize(375, 812);
    await karta.openStaffScreen('/review');
    await karta.signInFromStaffPrompt(moderator);
    await karta.switchLanguage('en');
    const section = page.getByTestId('note-review');
    await section.waitFor();
    const item = (text: string) => page.getByTestId('note-review-item').filter({ hasText: text });
    await item(kept).waitFor();
    expect(await item(kept).innerText()).toContain('E2E newcomer');
    expect(await overflowsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await item(kept).getByTestId('note-publish').click();
    await item(kept).waitFor({ state: 'detached' });

    // Hiding asks why first; the reason goes with it.
    await item(dropped).getByTestId('note-hide').click();
    const reason = item(dropped).getByRole('textbox', { name: 'Why is it hidden?' });
    await expect.poll(() => reason.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await reason.fill('Advertising');
    await item(dropped).getByTestId('note-hide-confirm').click();
    await item(dropped).waitFor({ state: 'detached' });

    const { items } = await apiOf(baseUrl).listNotes(place.id, {});
    expect(items.map((note) => note.text)).toContain(kept);
    expect(items.map((note) => note.text)).not.toContain(dropped);

    // A visitor, signed out, sees the published note on the place's page.
    await karta.forgetSession();
    await page.goto(`${baseUrl}/places/${place.id}`);
    await expect.poll(() => page.getByTestId('place-notes').innerText(), { timeout: 10_000 }).toContain(kept);
    expect(await page.getByTestId('place-notes').innerText()).not.toContain(dropped);
  });

  it('a visitor reports a note; the moderator hides it from the reports screen', async () => {
    const { karta, page, baseUrl } = suite;
    const moderator = await newModerator(baseUrl, 'E2E report moderator');
    const place = await notablePlace(baseUrl);
    const text = `Rude words here (${Date.now()})`;
    const written = await moderator.api.createNote(place.id, { kind: 'comment', text, language: 'en' });
    expect(written.state).toBe('published');

    await karta.forgetSession();
    await karta.resize(375, 812);
    await page.goto(`${baseUrl}/places/${place.id}`);
    await karta.switchLanguage('en');
    const note = page.getByTestId('place-note').filter({ hasText: text });
    await note.getByTestId('report-note').click();
    await note.getByLabel('What is wrong with this note?').selectOption('offensive');
    await note.getByRole('button', { name: 'Send report' }).click();
    await note.getByTestId('note-reported').waitFor();
    expect(await overflowsSideways(page)).toBe(false);

    await karta.openStaffScreen('/flags');
    await karta.signInFromStaffPrompt(moderator);
    const flag = page.getByTestId('flag-item').filter({ hasText: text });
    await flag.waitFor();
    expect(await flag.getByTestId('flag-reason').innerText()).toBe('Offensive note');
    expect(await axeViolations(page)).toEqual([]);
    await flag.getByLabel('Hide the note').check();
    await flag.getByTestId('resolve-flag').click();
    await expect
      .poll(async () => (await apiOf(baseUrl).listNotes(place.id, {})).items.map((item) => item.text))
      .not.toContain(text);
  });
});
