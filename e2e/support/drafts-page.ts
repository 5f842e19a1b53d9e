import type { Page } from 'playwright-core';

export interface ShownDraft {
  id: string;
  state: string;
  status: string;
  text: string;
}

/** The drafts on My submissions and the merge screen, as a user reads and uses them. */
export class DraftsPage {
  constructor(private readonly page: Page) {}

  /** The drafts listed ("Waiting to send"), once the list has been read. */
  async drafts(): Promise<ShownDraft[]> {
    return this.page.getByTestId('draft-item').evaluateAll((items) =>
      items.map((item) => ({
        id: item.getAttribute('data-draft-id') ?? '',
        state: item.getAttribute('data-state') ?? '',
        status: item.querySelector('[data-testid=draft-status]')?.textContent ?? '',
        text: (item as HTMLElement).innerText,
      })),
    );
  }

  async waitForDraftCount(count: number, timeout = 20_000): Promise<void> {
    await this.page.waitForFunction(
      (wanted) => document.querySelectorAll('[data-testid=draft-item]').length === wanted,
      count,
      { timeout },
    );
  }

  async addPhotos(draftId: string, files: { name: string; mimeType: string; buffer: Buffer }[]) {
    await this.page
      .locator(`[data-testid=draft-item][data-draft-id="${draftId}"] [data-testid=draft-add-photos]`)
      .setInputFiles(files);
  }

  async resolve(draftId: string): Promise<void> {
    await this.page
      .locator(`[data-testid=draft-item][data-draft-id="${draftId}"] [data-testid=resolve-draft]`)
      .click();
    await this.page.getByTestId('merge-draft').waitFor();
  }

  /** The merge screen's lines: field, whether the user must choose, and the text shown. */
  async mergeRows(): Promise<{ field: string; choice: boolean; text: string }[]> {
    return this.page.getByTestId('merge-row').evaluateAll((rows) =>
      rows.map((row) => ({
        field: row.getAttribute('data-field') ?? '',
        choice: row.querySelector('input[type=radio]') !== null,
        text: (row as HTMLElement).innerText,
      })),
    );
  }

  async keep(field: string, side: 'mine' | 'theirs'): Promise<void> {
    await this.page
      .locator(`[data-testid=merge-row][data-field="${field}"] [data-testid=merge-keep-${side}]`)
      .check();
  }

  async sendChoices(): Promise<void> {
    await this.page.getByTestId('merge-send').click();
  }
}
