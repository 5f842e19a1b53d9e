import type { Page } from 'playwright-core';

/**
 * Drives the admins' "Audit log" screen (`/audit`) as an admin uses it: the user menu, the action
 * filter, a row and its "What changed". Specs talk to this, never to raw selectors.
 */
export class AuditPageDriver {
  constructor(readonly page: Page) {}

  /** Opens the screen from the user menu, as a signed-in admin does, and waits for its list. */
  async openFromUserMenu(): Promise<void> {
    const button = this.page.getByTestId('user-menu-button');
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await this.page.getByTestId('account-link-audit').click();
    await this.page.getByTestId('audit-list').waitFor({ timeout: 15_000 });
  }

  /** Chooses an action by its words, shows the list of it, and waits for the address to say so. */
  async filterByAction(words: string, action: string): Promise<void> {
    await this.page.getByTestId('audit-action-filter').selectOption({ label: words });
    await this.page.getByTestId('audit-apply').click();
    await this.page.waitForURL((url) => url.searchParams.get('action') === action);
    await this.page.getByTestId('audit-list').waitFor();
  }

  /** The rows shown about place `id`. */
  rowsAbout(placeId: number) {
    return this.page.getByTestId('audit-row').filter({
      has: this.page.getByRole('link', { name: new RegExp(`(Place|Mjesto) (no|br)\\. ${placeId}$`) }),
    });
  }

  /** What a row says: the action in words, who, the object, the reason. */
  async rowText(placeId: number) {
    const row = this.rowsAbout(placeId).first();
    return {
      action: await row.getByTestId('audit-action').innerText(),
      who: await row.getByTestId('audit-who').innerText(),
      object: await row.getByTestId('audit-object').innerText(),
      reason: await row.getByTestId('audit-reason').innerText(),
    };
  }

  /** Opens a row's "What changed" and returns what it lists. */
  async changes(placeId: number): Promise<string> {
    const changes = this.rowsAbout(placeId).first().getByTestId('audit-changes');
    await changes.locator('summary').click();
    return changes.innerText();
  }
}
