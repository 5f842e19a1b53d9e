import type { Page } from 'playwright-core';

/**
 * The single sign-on screens as a person meets them: Karta's provider buttons, the provider's own
 * sign-in and consent forms (oidc-provider's development pages), and the linked accounts.
 */
export class SsoPages {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  /** Opens Karta's sign-in page (going on to `next` afterwards) and waits for the provider buttons. */
  async openSignIn(next?: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/sign-in${next ? `?${new URLSearchParams({ next })}` : ''}`);
    await this.page.getByTestId('sso-providers').waitFor();
  }

  /** The providers' buttons as the page labels them. */
  async providerButtons(): Promise<string[]> {
    return this.page.getByTestId('sso-provider').allInnerTexts();
  }

  /** Presses a provider's button and waits for the provider's sign-in form. */
  async continueWith(label: string): Promise<void> {
    await this.page.getByRole('link', { name: `Continue with ${label}` }).click();
    await this.page.locator('input[name=login]').waitFor();
  }

  /** Signs in on the provider's pages as `login` (any password) and consents, back to Karta. */
  async signInAtProvider(login: string, baseUrl: string): Promise<void> {
    await this.page.locator('input[name=login]').fill(login);
    await this.page.locator('input[name=password]').fill('any password');
    await this.page.locator('button[type=submit]').click();
    await this.page.locator('input[name=prompt][value=consent]').waitFor({ state: 'attached' });
    await this.page.locator('button[type=submit]').click();
    await this.page.waitForURL((url) => url.origin === baseUrl);
  }

  /** The linked accounts on the account page, each as its row reads. */
  async linkedAccounts(): Promise<string[]> {
    const rows = this.page.getByTestId('identity-row');
    await rows.first().waitFor();
    return rows.allInnerTexts();
  }

  /** What the account page says in place of "Change password" for an account without one. */
  async noPasswordNote(): Promise<string> {
    return this.page.getByTestId('no-password').innerText();
  }
}
