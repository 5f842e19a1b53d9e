import type { Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { pressCategoryChip } from './category-chips.ts';

/** One suggestion under the search field as the page shows it. */
export interface Suggestion {
  id: number;
  text: string;
}

/**
 * Drives the header's place search the way a person uses it: typing, the suggestions, the keys,
 * the search results under the map. Specs talk to this, never to raw selectors.
 */
export class SearchBox {
  constructor(readonly page: Page) {}

  private field() {
    return this.page.getByRole('combobox', { name: /search places|pretraži mjesta/i });
  }

  /** Types `text` key by key, `delayMs` apart (a quick typist is 40–80 ms a key). */
  async type(text: string, delayMs = 40): Promise<void> {
    await this.field().click();
    await this.field().pressSequentially(text, { delay: delayMs });
  }

  /** Replaces the field's text and presses Enter: a search for every match. */
  async search(text: string): Promise<void> {
    await this.field().fill(text);
    await this.field().press('Enter');
  }

  async press(key: 'ArrowDown' | 'ArrowUp' | 'Enter' | 'Escape'): Promise<void> {
    await this.field().press(key);
  }

  async fieldValue(): Promise<string> {
    return this.field().inputValue();
  }

  /** The suggestions once some are shown. */
  async suggestions(): Promise<Suggestion[]> {
    const options = this.page.getByRole('listbox').getByRole('option');
    await options.first().waitFor({ timeout: 10_000 });
    return options.evaluateAll((items) =>
      items.map((item) => ({ id: Number(item.getAttribute('data-place-id')), text: item.textContent ?? '' })),
    );
  }

  /** The place of the option the field names as active (aria-activedescendant), if any. */
  async activeSuggestion(): Promise<number | null> {
    const id = await this.field().getAttribute('aria-activedescendant');
    if (!id) return null;
    return Number(await this.page.locator(`[id="${id}"]`).getAttribute('data-place-id'));
  }

  /**
   * Counts the suggestion requests the page sends from now on (each one that leaves the browser,
   * with its `q`); call the returned function to read them.
   */
  recordSuggestionRequests(): () => string[] {
    const texts: string[] = [];
    const onRequest = (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/v1/places/suggestions') texts.push(url.searchParams.get('q') ?? '');
    };
    this.page.on('request', onRequest);
    return () => [...texts];
  }

  /** The list's heading while it shows search results ("12 places match “cvjetni”"). */
  async resultSummary(): Promise<string> {
    const count = this.page.getByTestId('place-count');
    await expect
      .poll(async () => (await count.count()) > 0 && (await count.innerText()), { timeout: 10_000 })
      .toBeTruthy();
    return count.innerText();
  }

  async toggleCategory(name: string): Promise<void> {
    await pressCategoryChip(this.page, name);
  }

  async clearSearch(): Promise<void> {
    await this.page.getByTestId('clear-search').click();
  }
}
