import { beforeEach, expect, it } from 'vitest';
import { newContributor } from '../support/accounts.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import { waitForMailWithSubject } from '../support/mailbox.ts';

const NEW_PASSWORD = 'harbour-quince-lantern-e2e';

describeInBrowser('password reset and account security', (suite) => {
  beforeEach(async () => {
    await suite.session.context.clearCookies();
  });

  it('resets a forgotten password from the e-mail’s link, signing every old session out', async () => {
    const { karta, page, baseUrl } = suite;
    // Signed in elsewhere (through the API): that session must end with the reset.
    const other = await newContributor(baseUrl, 'Forgetful Ana');
    expect(await other.api.me()).toMatchObject({ email: other.email });

    await karta.openSignIn();
    await page.getByTestId('forgot-password-link').click();
    const form = page.getByTestId('forgot-password-form');
    await form.locator('input[name=email]').fill(other.email);
    await form.getByTestId('forgot-password-submit').click();
    await page.getByTestId('reset-requested').waitFor();

    // The real SMTP server received the message; its link points at this site.
    const mail = await waitForMailWithSubject(other.email, /^Reset your password for Karta E2E$/);
    const link = /(http:\S+\/reset-password\?token=[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(link?.startsWith(`${baseUrl}/reset-password?token=`)).toBe(true);
    expect(mail.html).toContain(`href="${link}"`);

    await page.goto(link ?? '');
    const reset = page.getByTestId('reset-password-form');
    await reset.waitFor();
    // The token leaves the address bar (and the history) once read.
    expect(karta.url().search).toBe('');
    await reset.locator('input[type=password]').fill(NEW_PASSWORD);
    await reset.getByTestId('reset-password-submit').click();
    await page.getByTestId('password-reset-done').waitFor();

    expect(await other.api.me()).toBeNull();

    // The link works once.
    await page.goto(link ?? '');
    await page
      .getByTestId('reset-password-form')
      .locator('input[type=password]')
      .fill('another-passphrase-e2e');
    await page.getByTestId('reset-password-submit').click();
    await page.getByTestId('reset-link-invalid').waitFor();

    await karta.openSignIn();
    await karta.signIn({ email: other.email, password: NEW_PASSWORD });
    expect(await karta.waitForSignedIn()).toBe('Forgetful Ana');
  });

  it('changes the password and signs another browser out from the account page', async () => {
    const { karta, page, baseUrl } = suite;
    const other = await newContributor(baseUrl, 'Careful Iva');
    await karta.openSignIn('/account');
    await karta.signIn({ email: other.email, password: other.password });
    const sessions = page.getByTestId('sessions-list');
    await sessions.waitFor();
    const rows = sessions.getByTestId('session-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await sessions.getByTestId('session-current').count()).toBe(1);

    // Sign the API's session out from here.
    const otherRow = rows.filter({ hasNot: page.getByTestId('session-current') });
    await otherRow.getByTestId('end-session').click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await other.api.me()).toBeNull();

    const change = page.getByTestId('change-password-form');
    const passwords = change.locator('input[type=password]');
    await passwords.nth(0).fill('not-the-current-one-e2e');
    await passwords.nth(1).fill(NEW_PASSWORD);
    await change.getByTestId('change-password-submit').click();
    await expect
      .poll(() => change.locator('[aria-invalid=true]').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);

    await passwords.nth(0).fill(other.password);
    await passwords.nth(1).fill(NEW_PASSWORD);
    await change.getByTestId('change-password-submit').click();
    await page.getByTestId('password-changed').waitFor();

    // Still signed in here; the new password is the one that works.
    await page.reload();
    await page.getByTestId('sessions-list').waitFor();
    await karta.signOut();
    await karta.openSignIn();
    await karta.signIn({ email: other.email, password: NEW_PASSWORD });
    expect(await karta.waitForSignedIn()).toBe('Careful Iva');
  });
});
