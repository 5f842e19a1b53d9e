import type { Page } from 'playwright-core';

/**
 * Drives the admins' "Background jobs" screen (`/jobs`) as an admin uses it: the user menu, the
 * state filter with its counts, a job's row and "Run again". Specs talk to this, never to raw
 * selectors.
 */
export class JobsPageDriver {
  constructor(readonly page: Page) {}

  /** Opens the screen from the user menu, as a signed-in admin does, and waits for its list. */
  async openFromUserMenu(): Promise<void> {
    const button = this.page.getByTestId('user-menu-button');
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await this.page.getByTestId('account-link-jobs').click();
    await this.page.getByTestId('job-list').waitFor({ timeout: 15_000 });
  }

  /** Follows the filter's link of one state (`dead`) and waits for its jobs. */
  async filter(state: string): Promise<void> {
    await this.page.locator(`[data-tab="${state}"]`).click();
    await this.page.waitForURL((url) => url.searchParams.get('state') === state);
    await this.page.locator('[data-tab][aria-current="page"]').filter({ hasText: '(' }).waitFor();
  }

  /** How many jobs the filter says are in `state`, read from its tab ("Dead (2)"). */
  async count(state: string): Promise<number> {
    const text = await this.page.locator(`[data-tab="${state}"]`).innerText();
    const count = /\((\d[\d,. ]*)\)/.exec(text)?.[1];
    if (count === undefined) throw new Error(`No count on the tab "${text}"`);
    return Number(count.replace(/\D/g, ''));
  }

  row(id: number) {
    return this.page.locator(`[data-testid="job-row"][data-job-id="${id}"]`);
  }

  /** What a job's row shows: its kind in words, state in words, attempts, and last error. */
  async rowText(id: number) {
    const row = this.row(id);
    return {
      kind: await row.getByTestId('job-kind').innerText(),
      state: await row.getByTestId('job-state').innerText(),
      attempts: await row.getByTestId('job-attempts').innerText(),
      error: await row.getByTestId('job-error').innerText(),
    };
  }

  /** Presses "Run again" on a job and returns the message the screen gives, once it shows. */
  async runAgain(id: number): Promise<string> {
    await this.row(id).getByTestId('run-job-again').click();
    const notice = this.page.getByTestId('job-retried').or(this.page.getByTestId('job-retry-error'));
    await notice.waitFor({ timeout: 10_000 });
    return notice.innerText();
  }

  /** The element that has the focus: its test id, or its tag. */
  async focused(): Promise<string> {
    return this.page.evaluate(() => {
      const element = document.activeElement;
      return element?.getAttribute('data-testid') ?? element?.tagName.toLowerCase() ?? '';
    });
  }
}
