import type { Page } from 'playwright-core';

/**
 * Drives "Scheduled imports" on the import page (`/import`) as an admin uses it: the user menu,
 * the add form, Run now, and a source's runs. Specs talk to this, never to raw selectors.
 */
export class ImportSourcesDriver {
  constructor(readonly page: Page) {}

  /** Opens the import page from the user menu and waits for its scheduled imports. */
  async openFromUserMenu(): Promise<void> {
    const button = this.page.getByTestId('user-menu-button');
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await this.page.getByTestId('account-link-import').click();
    await this.page.getByTestId('create-import-source-form').waitFor({ timeout: 15_000 });
  }

  /** Fills in the form by its labels and adds the source; waits for its row. */
  async add(source: { name: string; url: string; category: string; everyHours: string; trusted: boolean }) {
    const form = this.page.getByTestId('create-import-source-form');
    await form.getByLabel('Name').fill(source.name);
    await form.getByLabel('Address of the list').fill(source.url);
    await form.getByLabel('Format').selectOption('csv');
    await form.getByLabel('Default category').selectOption({ label: source.category });
    await form.getByLabel('Every how many hours').fill(source.everyHours);
    await form.getByRole('checkbox', { name: /Trusted source/ }).setChecked(source.trusted);
    await this.page.getByTestId('create-import-source-submit').click();
    await this.row(source.name).waitFor({ timeout: 10_000 });
  }

  row(name: string) {
    return this.page.getByTestId('import-source-row').filter({ hasText: name });
  }

  /** Run now: returns the notice the row gives. */
  async runNow(name: string): Promise<string> {
    await this.row(name).getByTestId('run-import-source').click();
    const notice = this.row(name).getByTestId('import-source-queued');
    await notice.waitFor({ timeout: 10_000 });
    return notice.innerText();
  }

  /** What the row says of its last run ("now · Imported"). */
  lastRun(name: string): Promise<string> {
    return this.row(name).getByTestId('import-source-last-run').innerText();
  }

  /** Opens the runs and returns each one's outcome and counts as shown. */
  async runs(name: string) {
    const row = this.row(name);
    const toggle = row.getByTestId('toggle-import-source-runs');
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    return row.getByTestId('import-source-run').evaluateAll((runs) =>
      runs.map((run) => ({
        outcome: run.getAttribute('data-outcome'),
        counts: run.querySelector('[data-testid="import-source-run-counts"]')?.textContent ?? '',
      })),
    );
  }
}
