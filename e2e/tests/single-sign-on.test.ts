import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestProvider, type TestProvider } from '../../apps/server/test/support/oidc-provider.ts';
import { axeViolations } from '../support/axe.ts';
import { type BrowserSession, launchBrowser } from '../support/chromium.ts';
import { KartaDriver } from '../support/driver.ts';
import { type RunningServer, startKartaServer } from '../support/karta-server.ts';
import { SsoPages } from '../support/sso-pages.ts';

/** Where to keep screenshots to look at (unset: none are taken). */
const SHOTS = process.env.KARTA_SCREENSHOTS;
const chromiumPath = inject('chromiumPath');

/**
 * A Karta of its own with one provider, `city`, a real OpenID provider on this machine (README,
 * "Single sign-on"): trusted for e-mail, moderators by the `groups` claim.
 */
describe.skipIf(!chromiumPath)('single sign-on in the browser', () => {
  let provider: TestProvider;
  let karta: RunningServer | undefined;
  let session: BrowserSession;

  beforeAll(async () => {
    provider = await startTestProvider(() => karta?.url ?? '', ['city']);
    karta = await startKartaServer(
      {
        OIDC_CITY_ISSUER: provider.issuer,
        OIDC_CITY_CLIENT_ID: 'city',
        OIDC_CITY_CLIENT_SECRET: 'city-secret',
        OIDC_CITY_LABEL: 'City account',
        OIDC_CITY_TRUST_EMAIL: 'true',
        OIDC_CITY_SCOPES: 'groups',
        OIDC_CITY_ROLE_CLAIM: 'groups',
        OIDC_CITY_MODERATOR_VALUES: 'karta-moderators',
      },
      { publicUrl: true },
    );
    // A fresh profile, which may reach Karta and the provider only.
    session = await launchBrowser(chromiumPath, [karta.url, provider.issuer]);
  }, 180_000);
  afterAll(async () => {
    await session?.close();
    await karta?.stop();
    await provider?.close();
  });

  it('a moderator at 375 px signs in through the city’s provider and comes back signed in, with the account linked', async () => {
    const baseUrl = karta?.url ?? '';
    provider.people.set('ana', {
      email: 'ana.horvat@city.example',
      email_verified: true,
      name: 'Ana Horvat',
      groups: ['staff', 'karta-moderators'],
    });
    const page = await session.context.newPage();
    const driver = new KartaDriver(page, baseUrl);
    const sso = new SsoPages(page, baseUrl);
    await driver.resize(375, 740);
    await sso.openSignIn('/account');
    expect(await sso.providerButtons()).toEqual(['Continue with City account']);
    expect(await axeViolations(page)).toEqual([]);
    expect((await driver.pageWidth()).scroll).toBeLessThanOrEqual(375);
    if (SHOTS) {
      for (const width of [375, 768, 1280]) {
        for (const language of ['en', 'hr'] as const) {
          await driver.resize(width, 740);
          await driver.switchLanguage(language);
          await page.screenshot({ path: `${SHOTS}/sso-sign-in-${width}-${language}.png`, fullPage: true });
        }
      }
      await driver.resize(375, 740);
      await driver.switchLanguage('en');
    }

    await sso.continueWith('City account');
    await sso.signInAtProvider('ana', baseUrl);
    expect(new URL(page.url()).pathname).toBe('/account');
    expect(await driver.waitForSignedIn()).toBe('Ana Horvat');
    expect(await sso.linkedAccounts()).toEqual([
      expect.stringMatching(/^City account\s+ana\.horvat@city\.example\s+Linked /),
    ]);
    expect(await sso.noPasswordNote()).toContain('This account has no password');
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/sso-account-375-en.png`, fullPage: true });
    expect(await driver.signedInRole()).toBe('Moderator');
    await page.close();
  });
});
