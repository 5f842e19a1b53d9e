import type { Page } from 'playwright-core';
import type { Box } from './page-geometry.ts';

/** Where the shown-once token sits at the page's width: its field, its Copy button, the page. */
export interface NewTokenLayout {
  field: Box;
  copyButton: Box;
  /** What the screen shows of the page, once the field has been scrolled to. */
  viewport: Box;
  viewportWidth: number;
  /** The page's whole width: more than the viewport means it scrolls sideways. */
  scrollWidth: number;
}

/**
 * Drives the "API tokens" section of the account page (`/account`) as its owner uses it: the
 * user menu, the new-token form, the token shown once, Revoke and its confirmation. Specs talk to
 * this, never to raw selectors.
 */
export class ApiTokensPageDriver {
  constructor(readonly page: Page) {}

  /** Opens the account page from the user menu, as a signed-in person does, and waits for the tokens. */
  async openFromUserMenu(): Promise<void> {
    const button = this.page.getByTestId('user-menu-button');
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await this.page.getByTestId('account-link-account').click();
    await this.page.getByTestId('api-tokens').waitFor({ timeout: 15_000 });
  }

  /** The names of the tokens the list shows, in its order. */
  async tokenNames(): Promise<string[]> {
    return this.page.getByTestId('api-token-name').allInnerTexts();
  }

  /** Whether the list shows its empty state (no tokens). */
  async isEmpty(): Promise<boolean> {
    return this.page.getByTestId('api-tokens-empty').isVisible();
  }

  /** Fills in and sends the new-token form: the scopes given are ticked, every other one not. */
  async create(token: {
    name: string;
    scopes: string[];
    expiry?: '30' | '90' | '365' | 'never';
    password: string;
  }): Promise<void> {
    const form = this.page.getByTestId('create-api-token-form');
    await form.locator('input[name=name]').fill(token.name);
    for (const box of await form.locator('input[name=scopes]').all()) {
      await box.setChecked(token.scopes.includes((await box.getAttribute('value')) ?? ''));
    }
    if (token.expiry) await form.getByTestId('token-expiry').selectOption(token.expiry);
    await form.locator('input[name=password]').fill(token.password);
    await form.getByTestId('create-api-token-submit').click();
  }

  /** The scopes the form offers (the values of its checkboxes). */
  async offeredScopes(): Promise<string[]> {
    return this.page
      .getByTestId('create-api-token-form')
      .locator('input[name=scopes]')
      .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));
  }

  /** The token as the page shows it, once made. */
  async shownToken(): Promise<string> {
    const field = this.page.getByTestId('new-api-token-value');
    await field.waitFor({ timeout: 15_000 });
    return field.inputValue();
  }

  /** Whether the shown token's field has the keyboard focus. */
  async tokenFieldFocused(): Promise<boolean> {
    return this.page.getByTestId('new-api-token-value').evaluate((field) => document.activeElement === field);
  }

  /** Presses Copy beside the token and returns what the status toast then says. */
  async copyToken(): Promise<string> {
    await this.page.getByTestId('copy-api-token').click();
    const toast = this.page.getByTestId('toast');
    await toast.waitFor();
    return (await toast.innerText()).trim();
  }

  /** Done: the token leaves the page. */
  async done(): Promise<void> {
    await this.page.getByTestId('new-api-token-done').click();
    await this.page.getByTestId('new-api-token').waitFor({ state: 'detached' });
  }

  /** Revokes the token of that name: Revoke, then the confirmation; waits until it leaves the list. */
  async revoke(name: string): Promise<void> {
    const row = this.page.getByTestId('api-token-row').filter({
      has: this.page.getByTestId('api-token-name').getByText(name, { exact: true }),
    });
    await row.getByTestId('revoke-api-token').click();
    await row.getByTestId('confirm-revoke-api-token').click();
    await row.waitFor({ state: 'detached', timeout: 15_000 });
  }

  /** Where the shown token's field and Copy button are drawn, and how wide the page is. */
  async newTokenLayout(): Promise<NewTokenLayout> {
    await this.page.getByTestId('new-api-token-value').scrollIntoViewIfNeeded();
    return this.page.evaluate(() => {
      const boxOf = (testId: string) => {
        const element = document.querySelector(`[data-testid="${testId}"]`);
        if (!element) throw new Error(`No ${testId}`);
        const { left, top, right, bottom } = element.getBoundingClientRect();
        return { left, top, right, bottom };
      };
      return {
        field: boxOf('new-api-token-value'),
        copyButton: boxOf('copy-api-token'),
        viewport: {
          left: 0,
          top: 0,
          right: document.documentElement.clientWidth,
          bottom: document.documentElement.clientHeight,
        },
        viewportWidth: document.documentElement.clientWidth,
        scrollWidth: document.documentElement.scrollWidth,
      };
    });
  }
}
