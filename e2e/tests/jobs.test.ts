import type { JobSummary } from '@karta/contracts';
import { expect, it } from 'vitest';
import { adminApi, newAdmin } from '../support/accounts.ts';
import { apiOf } from '../support/api.ts';
import { axeViolations } from '../support/axe.ts';
import { describeInBrowser } from '../support/browser-suite.ts';
import { JobsPageDriver } from '../support/jobs-page.ts';
import { REFUSED_RECIPIENT } from '../support/mailbox.ts';

/** Waits for the dead job of the mail to the refused address, and returns it. */
async function deadMailJob(baseUrl: string): Promise<JobSummary> {
  const { api: admin } = await adminApi(baseUrl);
  let found: JobSummary | undefined;
  await expect
    .poll(
      async () => {
        const { items } = await admin.listJobs({ state: 'dead' });
        found = items.find((job) => job.kind === 'mail.send' && job.lastError?.includes('550'));
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  if (!found) throw new Error('No dead mail job');
  return found;
}

describeInBrowser('admins’ background jobs', (suite) => {
  it('at 375 px, an admin opens Background jobs from the menu, sees a dead e-mail job, runs it again, and the dead count goes down', async () => {
    const { karta, page, baseUrl } = suite;
    // Mail the SMTP server refuses for good (550): its job is given up at once, dead.
    await apiOf(baseUrl).createFollow({
      email: REFUSED_RECIPIENT,
      point: { lat: 45.8131, lng: 15.9772 },
      frequency: 'weekly',
    });
    const job = await deadMailJob(baseUrl);
    const staff = await newAdmin(baseUrl, 'E2E jobs admin');

    await karta.resize(375, 812);
    await karta.forgetSession();
    await karta.openSignIn();
    await karta.signIn(staff);
    await karta.waitForSignedIn();
    const jobs = new JobsPageDriver(page);
    await jobs.openFromUserMenu();
    await jobs.filter('dead');
    expect(page.url()).toBe(`${baseUrl}/jobs?state=dead`);
    const deadBefore = await jobs.count('dead');
    expect(deadBefore).toBeGreaterThanOrEqual(1);

    const shown = await jobs.rowText(job.id);
    expect(shown).toMatchObject({ kind: 'Send an e-mail', state: 'Dead', attempts: '1 of 30' });
    expect(shown.error).toContain('Recipient address rejected');
    // The server blanks the address before it keeps the error.
    expect(shown.error).not.toContain(REFUSED_RECIPIENT);
    expect(await axeViolations(page)).toEqual([]);
    // Nothing is wider than the phone: the long error wraps.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The filter survives a reload.
    await page.reload();
    await jobs.row(job.id).waitFor();
    expect(await jobs.count('dead')).toBe(deadBefore);

    expect(await jobs.runAgain(job.id)).toBe(`Send an e-mail (job ${job.id}) is queued to run again.`);
    expect(await jobs.focused()).toBe('job-retried');
    await expect.poll(() => jobs.count('dead'), { timeout: 10_000 }).toBe(deadBefore - 1);
    await expect.poll(() => jobs.row(job.id).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
