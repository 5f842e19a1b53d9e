import { expect, it } from 'vitest';
import { newContributor, nextClientAddress } from '../support/accounts.ts';
import { ApiTokensPageDriver } from '../support/api-tokens-page.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import { within } from '../support/page-geometry.ts';

/** A request a token of `places:read` may make: the user's own places (a visitor is refused). */
async function readOwnPlaces(baseUrl: string, token: string) {
  const response = await fetch(`${baseUrl}/api/v1/places?mine=true&limit=5`, {
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': nextClientAddress() },
  });
  const body = (await response.json()) as { items?: unknown[]; error?: { code: string } };
  return { status: response.status, body };
}

describeInBrowser(
  'API tokens on the account page',
  (suite) => {
    it('makes a token on a phone, shows it once, works as the user for a script, and stops once revoked', async () => {
      const { karta, page, baseUrl } = suite;
      const contributor = await newContributor(baseUrl, 'Script writer');
      const { items: categories } = await contributor.api.categories();
      // A pending proposal: only its author (or a moderator) sees it, so the token's answer shows whose it is.
      const proposal = await contributor.api.createPlace({
        categoryId: categories[0]?.id ?? 1,
        name: { en: 'Token-read bakery' },
        lat: 45.79,
        lng: 15.96,
      });
      const tokens = new ApiTokensPageDriver(page);

      await karta.resize(375, 800);
      await karta.openSignIn();
      await karta.signIn(contributor);
      await karta.waitForSignedIn();
      await tokens.openFromUserMenu();
      expect(await tokens.isEmpty()).toBe(true);
      // A contributor is offered only what a contributor's token can do.
      expect(await tokens.offeredScopes()).toEqual(['places:read', 'places:propose']);

      await tokens.create({ name: 'Nightly sync', scopes: ['places:read'], password: contributor.password });
      const token = await tokens.shownToken();
      expect(token).toMatch(/^karta_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
      expect(await tokens.tokenFieldFocused()).toBe(true);
      expect(await tokens.copyToken()).toBe('Copied');
      expect(await karta.clipboardText()).toBe(token);

      // At 375 px the token's field and its Copy button are on the screen, and nothing scrolls sideways.
      const layout = await tokens.newTokenLayout();
      expect(layout.scrollWidth).toBeLessThanOrEqual(layout.viewportWidth);
      for (const box of [layout.field, layout.copyButton]) {
        expect(within(box, layout.viewport)).toBe(true);
        expect(box.right - box.left).toBeGreaterThan(200);
      }
      expect(await tokens.tokenNames()).toEqual(['Nightly sync']);

      // The token reads as its user, from outside the browser, with no cookie.
      const read = await readOwnPlaces(baseUrl, token);
      expect(read.status).toBe(200);
      expect(read.body.items).toEqual([expect.objectContaining({ id: proposal.id })]);

      // Done takes it off the page for good; a reload shows it nowhere.
      await tokens.done();
      await page.reload();
      await page.getByTestId('api-token-row').first().waitFor();
      expect(await page.content()).not.toContain(token);

      await tokens.revoke('Nightly sync');
      expect(await tokens.isEmpty()).toBe(true);
      const refused = await readOwnPlaces(baseUrl, token);
      expect(refused.status).toBe(401);
      expect(refused.body.error?.code).toBe('token_invalid');
    });
  },
  { clipboard: true },
);
