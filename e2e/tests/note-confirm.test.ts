import type { Place } from '@karta/contracts';
import { expect, it } from 'vitest';
import { adminApi } from '../support/accounts.ts';
import { apiOf } from '../support/api.ts';
import { axeViolations } from '../support/axe.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import { waitForMailWithSubject } from '../support/mailbox.ts';

const ZAGREB = { lat: 45.813, lng: 15.977 };
/** A phone's first screen (375 × 812): what a visitor sees before scrolling. */
const FOLD = 812;

/** A published place near Zagreb whose category takes notes. */
async function placeTakingNotes(baseUrl: string): Promise<Place> {
  const { items } = await apiOf(baseUrl).listPlaces({ near: ZAGREB, radius: 10_000, limit: 100 });
  const place = items.find((item) => item.notesAllowed === true && item.name.en);
  if (!place) throw new Error('No place near Zagreb takes notes');
  return place;
}

/** The confirmation link of a message's text. */
function confirmLinkIn(text: string): string {
  const link = text.split(/\s+/).find((word) => word.includes('/notes/confirm?token='));
  if (!link) throw new Error(`no confirmation link in: ${text}`);
  return link;
}

describeInBrowser('a signed-out author’s note, confirmed by e-mail', (suite) => {
  it('at 375 px: written on the place page, confirmed from the e-mailed link with a button, then waits for a moderator; the author hears when it is published', async () => {
    const { karta, page, baseUrl } = suite;
    const place = await placeTakingNotes(baseUrl);
    const email = `walker.${Date.now()}@example.org`;
    const text = `The gate is on the side street (${Date.now()})`;
    await karta.forgetSession();
    await karta.resize(375, FOLD);
    await karta.openPlacePage(place.id);
    await page.getByTestId('note-form').waitFor();
    await page.getByTestId('note-kind-comment').check();
    await page.getByTestId('note-text').fill(text);
    await page.getByTestId('field-note-email').fill(email);
    await page.getByTestId('send-note').click();
    await expect
      .poll(() => page.getByTestId('note-sent').getAttribute('data-outcome'), { timeout: 15_000 })
      .toBe('unconfirmed');
    // Unseen until confirmed.
    expect(
      (await apiOf(baseUrl).listNotes(place.id, { limit: 50 })).items.map((note) => note.text),
    ).not.toContain(text);

    const mail = await waitForMailWithSubject(email, /^Confirm your note on /);
    expect(mail.text).toContain(text);
    await page.goto(confirmLinkIn(mail.text));
    const button = page.getByTestId('confirm-note');
    await button.waitFor();
    // The token left the address as soon as the page read it.
    expect(new URL(page.url()).search).toBe('');
    // The button is in the first screen, nothing covers it, and the page passes axe.
    const box = await button.boundingBox();
    expect(box && box.y + box.height <= FOLD && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await button.click();
    const done = page.getByTestId('note-confirmed');
    await done.waitFor();
    expect(await done.innerText()).toContain('It waits for a moderator’s look.');
    expect(await axeViolations(page)).toEqual([]);
    const notice = await done.boundingBox();
    expect(notice && notice.y + notice.height <= FOLD).toBe(true);

    // A moderator publishes it: the author is told by e-mail, and it is on the place's page.
    const { api: admin } = await adminApi(baseUrl);
    const waiting = (await admin.pendingNotes({ limit: 100 })).items.find((note) => note.text === text);
    if (!waiting) throw new Error('The confirmed note is not waiting for review');
    await admin.transitionNote(waiting.id, { to: 'published' });
    const told = await waitForMailWithSubject(email, /^Your note is published: /);
    expect(told.text).toContain(text);
    await page.getByTestId('note-place-link').click();
    await expect.poll(() => page.getByText(text).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  });

  it('says an unknown or used link does not work, with the way back to the map', async () => {
    const { karta, page } = suite;
    await karta.resize(375, FOLD);
    await page.goto(`${suite.baseUrl}/notes/confirm?token=${'A'.repeat(43)}`);
    await page.getByTestId('confirm-note').click();
    const invalid = page.getByTestId('note-link-invalid');
    await invalid.waitFor();
    expect(await invalid.innerText()).toContain('This link doesn’t work');
    expect(await axeViolations(page)).toEqual([]);
  });
});
