import { beforeEach, expect, it } from 'vitest';
import { describeInBrowser } from '../support/browser-suite.ts';

/** Passes every password rule (long enough, not common, not the e-mail). */
const PASSWORD = 'walnut-lantern-ferry-e2e';

/** An address no earlier run used: the e2e servers keep their accounts for the whole run. */
function freshEmail(name: string): string {
  return `${name}.${process.pid}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@karta.test`;
}

describeInBrowser('accounts', (suite) => {
  // The tests of a file share one browser profile: each starts signed out.
  beforeEach(async () => {
    await suite.session.context.clearCookies();
  });

  it('registers, stays signed in across a reload, signs out, and signs in again where it left off', async () => {
    const { karta, page } = suite;
    const account = { displayName: 'Ana Putnica', email: freshEmail('journey'), password: PASSWORD };

    await karta.openHome();
    await karta.goToSignIn();
    await karta.goToRegister();
    await karta.register(account);
    // The site sends e-mail: the account is made by the link it mails, for every address alike.
    await karta.finishRegistrationByMail(account.email);
    expect(await karta.waitForSignedIn()).toBe(account.displayName);
    expect(karta.url().pathname).toBe('/');
    expect(await karta.signedInRole()).toBe('Contributor');

    await page.reload();
    expect(await karta.waitForSignedIn()).toBe(account.displayName);

    await karta.signOut();
    await page.reload();
    await karta.waitForSignedOut();

    // A wrong password, in Croatian: the server's refusal is shown as a translated message.
    await karta.openHome('?lat=45.81&lng=15.98&z=13');
    await karta.switchLanguage('hr');
    const signedInFrom = `${karta.url().pathname}${karta.url().search}`;
    await karta.goToSignIn();
    await karta.signIn({ email: account.email, password: 'not-the-password-at-all' });
    expect(await karta.accountFormError()).toBe('E-adresa ili lozinka nije ispravna.');

    await karta.signIn({ email: account.email, password: account.password });
    expect(await karta.waitForSignedIn()).toBe(account.displayName);
    // Back on the view the reader signed in from.
    expect(`${karta.url().pathname}${karta.url().search}`).toBe(signedInFrom);
    expect(karta.url().searchParams.get('z')).toBe('13');
  });

  it('shows a display name that looks like markup as plain text, and runs none of it', async () => {
    const { karta, page } = suite;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const displayName = '<img src=x onerror=alert(1)>';

    await karta.resize(375);
    await karta.openSignIn();
    await karta.goToRegister();
    const email = freshEmail('markup');
    await karta.register({ displayName, email, password: PASSWORD });
    await karta.finishRegistrationByMail(email);
    await karta.waitForSignedIn();
    await karta.resize(1280);
    expect(await karta.waitForSignedIn()).toBe(displayName);
    expect(await karta.headerImageCount()).toBe(0);

    // Give a planted image time to fail loading and fire its handler, were there one.
    await page.reload();
    expect(await karta.waitForSignedIn()).toBe(displayName);
    await page.waitForTimeout(500);
    expect(dialogs).toEqual([]);
  });
});
