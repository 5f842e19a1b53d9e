import { expect, it } from 'vitest';
import { newModerator } from '../support/accounts.ts';
import { placeShownAsMarker } from '../support/api.ts';
import { axeViolations } from '../support/axe.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import { ReportPlace } from '../support/report-place.ts';

describeInBrowser('reporting a problem with a place', (suite) => {
  it('a visitor on a phone reports wrong information with a comment, and moderators see it on Flags', async () => {
    const { karta, page, baseUrl } = suite;
    const { place } = await placeShownAsMarker(baseUrl, 16, (p) => Boolean(p.name.en));
    const comment = `The phone number changed last month (${Date.now().toString(36)}).`;
    const report = new ReportPlace(page);
    await karta.forgetSession();
    await karta.resize(375, 800);
    await karta.openPlacePage(place.id);

    // Reachable on a 375-px phone: inside the screen's width, and nothing drawn over it.
    const geometry = await report.buttonGeometry();
    expect(geometry.left).toBeGreaterThanOrEqual(0);
    expect(geometry.right).toBeLessThanOrEqual(375);
    expect(geometry.onTop).toBe(true);
    expect((await karta.pageWidth()).scroll).toBeLessThanOrEqual(375);

    await report.open();
    expect(await report.focusedTestId()).toBe('report-reason');
    expect(await axeViolations(page)).toEqual([]);

    const { flagId, thanks } = await report.send('wrong_information', comment);
    expect(thanks).toBe('Thanks, a moderator will look at it.');
    expect(await report.focusedTestId()).toBe('report-done');
    expect(await axeViolations(page)).toEqual([]);
    await report.closeWithEscape();
    expect(await report.focusedTestId()).toBe('report-place');

    await karta.resize(1280, 900);
    await karta.openStaffScreen('/flags');
    expect(await karta.staffGate()).toBe('sign-in');
    await karta.signInFromStaffPrompt(await newModerator(baseUrl));
    const shown = await karta.flagText(flagId);
    expect(shown).toContain(place.name.en);
    expect(shown).toContain('Wrong information');
    expect(shown).toContain('Reported by a visitor');
    expect(shown).toContain(comment);
  });
});
