import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A report's reason as the server names it (FlagReason in the contracts). */
export type ReportReason = 'wrong_information' | 'does_not_exist' | 'duplicate' | 'inappropriate';

/**
 * Drives "Report a problem" on a place page the way a visitor uses it: the button, the dialog's
 * reasons and comment, sending, and the thank-you. Specs talk to this, never to raw selectors.
 */
export class ReportPlace {
  constructor(readonly page: Page) {}

  button() {
    return this.page.getByTestId('report-place');
  }

  dialog() {
    return this.page.getByTestId('report-dialog');
  }

  /** Scrolls to "Report a problem" and returns its box, and whether it is what a tap at its centre hits. */
  async buttonGeometry(): Promise<{ left: number; right: number; width: number; onTop: boolean }> {
    const button = this.button();
    await button.scrollIntoViewIfNeeded();
    return button.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return { left: box.left, right: box.right, width: box.width, onTop: !!hit && element.contains(hit) };
    });
  }

  async open(): Promise<void> {
    await this.button().click();
    await this.dialog().waitFor();
  }

  /** Chooses a reason, writes the comment, sends, and returns the new report's id once the thank-you shows. */
  async send(reason: ReportReason, comment = ''): Promise<{ flagId: number; thanks: string }> {
    const dialog = this.dialog();
    await dialog.locator(`[data-testid=report-reason][value=${reason}]`).check();
    if (comment) await dialog.getByTestId('report-comment').fill(comment);
    const answer = this.page.waitForResponse(
      (response) =>
        /\/api\/v1\/places\/\d+\/flags$/.test(response.url()) && response.request().method() === 'POST',
    );
    await dialog.getByTestId('send-report').click();
    const { id } = (await (await answer).json()) as { id: number };
    const sent = dialog.getByTestId('report-sent');
    await sent.waitFor({ timeout: 10_000 });
    return { flagId: id, thanks: (await sent.getByRole('status').innerText()).trim() };
  }

  /** The test id of what has the focus. */
  focusedTestId(): Promise<string | null> {
    return this.page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
  }

  /** Closes the dialog with Escape and waits until it is gone. */
  async closeWithEscape(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await expect.poll(() => this.dialog().count()).toBe(0);
  }
}
