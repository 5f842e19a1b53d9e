import type { Page } from 'playwright-core';

/**
 * Drives the admins' "Webhooks" screen (`/webhooks`) as an admin uses it: the user menu, the
 * add form, the secret shown once, and a webhook's deliveries. Specs talk to this, never to raw
 * selectors.
 */
export class WebhooksPageDriver {
  constructor(readonly page: Page) {}

  /** Opens the screen from the user menu, as a signed-in admin does, and waits for its form. */
  async openFromUserMenu(): Promise<void> {
    const button = this.page.getByTestId('user-menu-button');
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await this.page.getByTestId('account-link-webhooks').click();
    await this.page.getByTestId('create-webhook-form').waitFor({ timeout: 15_000 });
  }

  /** Fills in the address, ticks the events named in words, adds it, and returns the secret shown. */
  async add(url: string, events: readonly string[]): Promise<string> {
    const form = this.page.getByTestId('create-webhook-form');
    await form.getByRole('textbox').fill(url);
    const boxes = this.page.getByTestId('webhook-events').getByRole('checkbox');
    for (const box of await boxes.all()) {
      const name = await box.evaluate((element) => element.closest('label')?.textContent ?? '');
      await box.setChecked(events.includes(name.trim()));
    }
    await this.page.getByTestId('create-webhook-submit').click();
    const secret = this.page.getByTestId('new-webhook-value');
    await secret.waitFor({ timeout: 10_000 });
    return secret.inputValue();
  }

  /** Presses Copy beside the secret and returns what the status toast then says. */
  async copySecret(): Promise<string> {
    await this.page.getByTestId('copy-webhook-secret').click();
    const toast = this.page.getByTestId('toast');
    await toast.waitFor();
    return (await toast.innerText()).trim();
  }

  /** Done under the secret: it is gone for good. */
  async doneWithSecret(): Promise<void> {
    await this.page.getByTestId('new-webhook-done').click();
    await this.page.getByTestId('new-webhook').waitFor({ state: 'detached' });
  }

  row(url: string) {
    return this.page.getByTestId('webhook-row').filter({ hasText: url });
  }

  /** Opens a webhook's log and returns its deliveries as shown: words, link and state. */
  async openDeliveries(url: string): Promise<void> {
    await this.row(url).getByTestId('toggle-webhook-log').click();
    await this.row(url).getByTestId('webhook-deliveries').waitFor({ timeout: 10_000 });
  }

  /** The deliveries in an open log: the text of each, where its link goes, and its state in words. */
  async deliveries(url: string) {
    return this.row(url)
      .getByTestId('webhook-delivery')
      .evaluateAll((rows) =>
        rows.map((row) => ({
          text: row.querySelector('p')?.textContent ?? '',
          href: row.querySelector('a')?.getAttribute('href') ?? null,
          state: row.querySelector('[data-testid="webhook-delivery-state"]')?.textContent ?? '',
        })),
      );
  }
}
