import { expect, it } from 'vitest';
import { newContributor, newModerator, uniqueEmail } from '../support/accounts.ts';
import { apiOf } from '../support/api.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import { waitForMail, waitForMailWithSubject } from '../support/mailbox.ts';

/** The first link of a message's text that starts with `prefix`. */
function linkIn(text: string, prefix: string): string {
  const link = text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no ${prefix} link in: ${text}`);
  return link;
}

describeInBrowser('notifications, address confirmation and follows', (suite) => {
  it('makes a new account from the e-mailed link, proven, so moderators hear of its proposals at once', async () => {
    const { karta, page, baseUrl } = suite;
    // Registered by following the link its e-mail brought (see newContributor).
    const contributor = await newContributor(baseUrl, 'Volunteer Vesna');
    const moderator = await newModerator(baseUrl, 'Watchful Marko');
    expect(contributor.user.emailVerified).toBe(true);

    await karta.openSignIn();
    await karta.signIn({ email: contributor.email, password: contributor.password });
    await karta.waitForSignedIn();
    // Nothing left to confirm: no notice under the header.
    await page.reload();
    await karta.waitForSignedIn();
    expect(await page.getByTestId('verify-email-banner').count()).toBe(0);

    // A proposal of the proven address reaches the moderator; the rejection's reason reaches its author.
    const { items: categories } = await apiOf(baseUrl).categories();
    const proposal = await contributor.api.createPlace({
      categoryId: categories[0]?.id ?? 0,
      name: { en: 'Basement reading room' },
      lat: 45.801,
      lng: 15.971,
    });
    const notice = await waitForMailWithSubject(
      moderator.email,
      /^New proposal to review: Basement reading room$/,
    );
    expect(notice.text).toContain(`${baseUrl}/review`);
    await moderator.api.transitionPlace(proposal.id, {
      to: 'rejected',
      reason: 'Please add the street address.',
      version: proposal.version,
    });
    const decision = await waitForMailWithSubject(contributor.email, /^Your proposal was not published/);
    expect(decision.text).toContain('Their reason: Please add the street address.');

    // The moderator leaves review mail from the notice's unsubscribe link, after confirming.
    await page.goto(linkIn(notice.text, `${baseUrl}/unsubscribe?token=`));
    await page.getByTestId('confirm-unsubscribe').click();
    await page.getByTestId('unsubscribed').waitFor();
    expect(await moderator.api.notificationSettings()).toMatchObject({ reviewMail: 'off' });
  });

  it('follows the map’s area by e-mail: confirmation, then the follows page ends it', async () => {
    const { karta, page, baseUrl } = suite;
    const email = uniqueEmail('follower');
    await karta.openHome('?lat=45.813&lng=15.977&z=14');
    await page.getByTestId('follow-area').click();
    const dialog = page.getByTestId('follow-dialog');
    await dialog.waitFor();
    await dialog.locator('input[type=email]').fill(email);
    await dialog.getByTestId('follow-submit').click();
    await page.getByTestId('follow-requested').waitFor();

    const confirmation = await waitForMail(email);
    expect(confirmation.subject).toBe('Confirm your follow on Karta E2E');
    await page.goto(linkIn(confirmation.text, `${baseUrl}/follows/confirm?token=`));
    // Opening the link alone confirms nothing (mail scanners open links).
    await page.getByTestId('confirm-follow').click();
    await page.getByTestId('follow-confirmed').waitFor();

    await page.goto(linkIn(confirmation.text, `${baseUrl}/follows?token=`));
    const rows = page.getByTestId('follows-list').getByTestId('follow-row');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByTestId('end-follow').click();
    await expect.poll(() => rows.count()).toBe(0);
  });
});
