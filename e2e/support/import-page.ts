import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A report's counts as the screen shows them. */
export interface ImportCounts {
  create: number;
  update: number;
  unchanged: number;
  refused: number;
}

/** One problem of a refused row as the screen shows it. */
export interface ShownIssue {
  row: number;
  column: string;
  text: string;
}

/**
 * Drives the Import / export screen (`/import`) the way a moderator uses it: the user menu, a file,
 * the column mapping, the status, Check file and Import. Specs talk to this, never to raw selectors.
 */
export class ImportScreenDriver {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/import`);
  }

  /** Whether the user menu offers Import / export (it opens the menu to look). */
  async menuOffersImport(): Promise<boolean> {
    await this.openUserMenu();
    return this.page.getByTestId('account-link-import').isVisible();
  }

  /** Opens the screen from the user menu, as a moderator does. */
  async openFromUserMenu(): Promise<void> {
    await this.openUserMenu();
    await this.page.getByTestId('account-link-import').click();
    await this.page.getByTestId('import-page').waitFor();
  }

  /** What the screen shows: the import itself, or the "not for you" message. */
  async gate(): Promise<'open' | 'not-allowed' | 'sign-in'> {
    const open = this.page.getByTestId('import-drop-zone');
    const refused = this.page.getByTestId('staff-not-allowed');
    const prompt = this.page.getByTestId('staff-sign-in');
    await open.or(refused).or(prompt).first().waitFor({ timeout: 15_000 });
    if (await refused.isVisible()) return 'not-allowed';
    if (await prompt.isVisible()) return 'sign-in';
    return 'open';
  }

  /** Chooses a file with the file input (starting over if a file is already chosen). */
  async chooseFile(path: string): Promise<void> {
    const another = this.page.getByTestId('import-choose-another');
    if (await another.isVisible()) await another.click();
    await this.page.getByTestId('import-file-input').setInputFiles(path);
    await this.page.getByTestId('import-check').waitFor();
  }

  /** The mapping table: each file column and the Karta column it is read as ('' = ignored). */
  async mapping(): Promise<Record<string, string>> {
    const rows = this.page.getByTestId('import-mapping-row');
    await rows.first().waitFor();
    const mapping: Record<string, string> = {};
    for (const row of await rows.all()) {
      mapping[(await row.getAttribute('data-column')) ?? ''] = await row.locator('select').inputValue();
    }
    return mapping;
  }

  /** Reads a file column as another Karta column ('' to ignore it). */
  async mapColumn(column: string, target: string): Promise<void> {
    await this.page
      .locator(`[data-testid=import-mapping-row][data-column="${column}"] select`)
      .selectOption(target);
  }

  async chooseStatus(status: 'pending' | 'published'): Promise<void> {
    await this.page.getByTestId(`import-status-${status}`).check();
  }

  /** Checks the file (a dry run) and returns the report's counts. */
  async check(): Promise<ImportCounts> {
    await this.page.getByTestId('import-check').click();
    await this.page.locator('[data-testid=import-report][data-kind=checked]').waitFor({ timeout: 30_000 });
    return this.counts();
  }

  /** Whether the check offers to import (it does not when nothing would change or rows are refused). */
  async canImport(): Promise<boolean> {
    return this.page.getByTestId('import-run').isVisible();
  }

  /** Imports what was checked and returns the result's kind (`imported`, or `refused`) and counts. */
  async importChecked(): Promise<{ kind: string; counts: ImportCounts }> {
    await this.page.getByTestId('import-run').click();
    const report = this.page.locator(
      '[data-testid=import-report]:is([data-kind=imported], [data-kind=refused])',
    );
    await report.waitFor({ timeout: 30_000 });
    return { kind: (await report.getAttribute('data-kind')) ?? '', counts: await this.counts() };
  }

  /** The report's one-sentence summary. */
  async headline(): Promise<string> {
    return (await this.page.getByTestId('import-headline').innerText()).trim();
  }

  /** The problems of the refused rows shown. */
  async refusedIssues(): Promise<ShownIssue[]> {
    const issues: ShownIssue[] = [];
    for (const row of await this.page.locator('[data-testid=import-row][data-action=refused]').all()) {
      const number = Number(await row.getAttribute('data-row'));
      for (const issue of await row.getByTestId('import-issue').all()) {
        issues.push({
          row: number,
          column: (await issue.getAttribute('data-path')) ?? '',
          text: (await issue.innerText()).trim(),
        });
      }
    }
    return issues;
  }

  /** The rows placed by their address, as the report counts them, and its sentence on those skipped. */
  async placedByAddress(): Promise<{ counts: Record<string, number>; skipped: string | null }> {
    const summary = this.page.getByTestId('import-geocoding');
    await summary.waitFor();
    const counts: Record<string, number> = {};
    for (const result of ['exact', 'approximate', 'not_found', 'to_geocode']) {
      const cell = summary.getByTestId(`import-geocoding-${result}`);
      if ((await cell.count()) > 0) counts[result] = Number(await cell.getAttribute('data-count'));
    }
    const skipped = summary.getByTestId('import-geocoding-not-found');
    return { counts, skipped: (await skipped.count()) > 0 ? await skipped.textContent() : null };
  }

  private async counts(): Promise<ImportCounts> {
    const count = async (id: string) =>
      Number(await this.page.getByTestId(`import-count-${id}`).getAttribute('data-count'));
    await expect.poll(() => this.page.getByTestId('import-count-create').count()).toBe(1);
    return {
      create: await count('create'),
      update: await count('update'),
      unchanged: await count('unchanged'),
      refused: await count('refused'),
    };
  }

  private async openUserMenu(): Promise<void> {
    const button = this.page.getByTestId('user-menu-button');
    await button.waitFor({ timeout: 10_000 });
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  }
}
