import { expect, it } from 'vitest';
import { adminApi, newAdmin, newContributor, newModerator } from '../support/accounts.ts';
import { AuditPageDriver } from '../support/audit-page.ts';
import { axeViolations } from '../support/axe.ts';
import { describeInBrowser } from '../support/browser-suite.ts';

/** Where to keep screenshots to look at (unset: none are taken). */
const SHOTS = process.env.KARTA_SCREENSHOTS;

describeInBrowser('the audit log', (suite) => {
  it('at 375 px from a fresh profile, an admin opens the audit log from the menu and finds a moderator’s publication with its reason', async () => {
    const { karta, page, baseUrl } = suite;
    const { api: firstAdmin } = await adminApi(baseUrl);
    const categoryId = (await firstAdmin.categories()).items[0]?.id ?? 1;
    const contributor = await newContributor(baseUrl, 'E2E proposer');
    const proposal = await contributor.api.createPlace({
      categoryId,
      name: { en: 'Audit fountain' },
      lat: 45.8,
      lng: 15.96,
    });
    const moderator = await newModerator(baseUrl, 'E2E Iva');
    await moderator.api.transitionPlace(proposal.id, {
      to: 'published',
      version: proposal.version,
      reason: 'Checked on site',
    });
    const admin = await newAdmin(baseUrl, 'E2E audit admin');

    await karta.resize(375, 812);
    await karta.forgetSession();
    await karta.openSignIn();
    await karta.signIn(admin);
    await karta.waitForSignedIn();
    const audit = new AuditPageDriver(page);
    await audit.openFromUserMenu();
    await audit.filterByAction('Place’s status changed', 'place.transition');
    expect(await audit.rowText(proposal.id)).toEqual({
      action: 'Place’s status changed',
      who: 'E2E Iva (Moderator)',
      object: `Place no. ${proposal.id} · only this`,
      reason: 'Checked on site',
    });
    const changes = await audit.changes(proposal.id);
    expect(changes).toContain('pending');
    expect(changes).toContain('published');
    expect(await axeViolations(page)).toEqual([]);
    // Nothing is wider than the phone.
    expect((await karta.pageWidth()).scroll).toBeLessThanOrEqual(375);

    // The filter survives a reload.
    await page.reload();
    await audit.rowsAbout(proposal.id).first().waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('action')).toBe('place.transition');

    if (SHOTS) {
      await audit.changes(proposal.id);
      for (const width of [375, 768, 1280]) {
        for (const language of ['en', 'hr'] as const) {
          await karta.resize(width, 812);
          await karta.switchLanguage(language);
          await audit.rowsAbout(proposal.id).first().waitFor();
          expect((await karta.pageWidth()).scroll).toBeLessThanOrEqual(width);
          await page.screenshot({ path: `${SHOTS}/audit-log-${width}-${language}.png`, fullPage: true });
        }
      }
    }
  });
});
