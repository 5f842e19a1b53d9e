import { expect, it } from 'vitest';
import { E2E_ADMIN } from '../support/accounts.ts';
import { apiOf } from '../support/api.ts';
import { axeViolations } from '../support/axe.ts';
import { describeInBrowser } from '../support/browser-suite.ts';

describeInBrowser('admins’ blocked senders', (suite) => {
  it('at 375 px, an admin blocks a domain on the users screen, a note from it is refused, and unblocks it', async () => {
    const { karta, page, baseUrl } = suite;
    const domain = `spam-${Date.now()}.example`;
    await karta.resize(375, 812);
    await karta.forgetSession();
    await karta.openSignIn('/users');
    await karta.signIn(E2E_ADMIN);
    await karta.waitForSignedIn();
    const section = page.getByTestId('blocked-senders');
    await section.waitFor();

    // A typo is named beside the field, and nothing is sent.
    const field = page.getByLabel('E-mail address or domain');
    await field.fill('not a domain');
    await page.getByTestId('block-sender').click();
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    await field.fill(`@${domain}`);
    await page.getByTestId('block-sender').click();
    const row = page.getByTestId('blocked-sender').filter({ hasText: domain });
    await row.waitFor();
    expect(await field.inputValue()).toBe('');
    expect(await axeViolations(page)).toEqual([]);
    // Nothing is wider than the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const unblock = row.getByRole('button', { name: `Unblock ${domain}` });
    const rowBox = await row.boundingBox();
    const buttonBox = await unblock.boundingBox();
    expect(rowBox && buttonBox && buttonBox.x + buttonBox.width <= rowBox.x + rowBox.width).toBe(true);

    // A signed-out note from the domain is refused.
    const { items } = await apiOf(baseUrl).listPlaces({ limit: 50 });
    const place = items.find((item) => item.notesAllowed === true);
    if (!place) throw new Error('No place takes notes');
    const refused = await fetch(`${baseUrl}/api/v1/places/${place.id}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'comment', text: 'Hello', language: 'en', email: `ana@mail.${domain}` }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('sender_blocked');

    await unblock.click();
    await expect.poll(() => page.getByTestId('blocked-sender').filter({ hasText: domain }).count()).toBe(0);
  });
});
