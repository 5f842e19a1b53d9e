import type { Page } from 'playwright-core';
import type { Box } from './page-geometry.ts';

/**
 * Drives the visitor's address search: the Addresses group of the header's search, the panel of
 * a chosen address under the home map, and the Near page it leads to. Specs talk to this, never
 * to raw selectors.
 */
export class AddressSearch {
  constructor(readonly page: Page) {}

  private field() {
    return this.page.getByRole('combobox', { name: /search places|pretraži mjesta/i });
  }

  /** The address options of the open listbox, their labels in order. */
  async addressOptions(): Promise<string[]> {
    const options = this.page.getByRole('group', { name: /^(addresses|adrese)$/i }).getByRole('option');
    await options.first().waitFor({ timeout: 10_000 });
    return options.evaluateAll((items) => items.map((item) => item.querySelector('span')?.textContent ?? ''));
  }

  /** The note under the addresses that, with no network, only the saved areas' towns are found. */
  async savedOnlyNote(): Promise<string> {
    const note = this.page.getByTestId('search-addresses-saved-only');
    await note.waitFor({ timeout: 10_000 });
    return note.innerText();
  }

  /** How many place options the listbox holds above the addresses. */
  async placeOptionCount(): Promise<number> {
    return this.page
      .getByRole('group', { name: /^(places|mjesta)$/i })
      .getByRole('option')
      .count();
  }

  /** The label of the address option the field names as active (aria-activedescendant); null for none or a place. */
  async activeAddress(): Promise<string | null> {
    const id = await this.field().getAttribute('aria-activedescendant');
    if (!id) return null;
    return this.page
      .locator(`[id="${id}"]`)
      .evaluate((option) =>
        option.getAttribute('data-testid') === 'search-address'
          ? (option.querySelector('span')?.textContent ?? null)
          : null,
      );
  }

  /** Presses ArrowDown until the active option is the address `label` (at most `limit` presses). */
  async arrowDownTo(label: string, limit = 12): Promise<number> {
    for (let presses = 1; presses <= limit; presses += 1) {
      await this.field().press('ArrowDown');
      if ((await this.activeAddress()) === label) return presses;
    }
    throw new Error(`No option “${label}” within ${limit} presses`);
  }

  async press(key: 'Enter' | 'Escape'): Promise<void> {
    await this.field().press(key);
  }

  panel() {
    return this.page.getByTestId('address-panel');
  }

  async panelLabel(): Promise<string> {
    return this.page.getByTestId('address-panel-label').innerText();
  }

  /** Follows one of the panel's two links. */
  async follow(which: 'near' | 'serves'): Promise<void> {
    await this.page.getByTestId(which === 'near' ? 'address-near-link' : 'address-serves-link').click();
  }

  /** The panel against what it must leave free: the search field, the map's controls, the page's width. */
  async panelLayout(): Promise<{
    panel: Box;
    searchField: Box;
    controls: { name: string; box: Box }[];
    viewport: { width: number; height: number };
    scrollWidth: number;
  }> {
    return this.page.evaluate(() => {
      const boxOf = (element: Element) => {
        const { left, top, right, bottom } = element.getBoundingClientRect();
        return { left, top, right, bottom };
      };
      const panel = document.querySelector('[data-testid=address-panel]');
      const field = document.querySelector('form[role=search] input');
      if (!panel || !field) throw new Error('No panel or no search field');
      const controls = [
        ['zoom', '.leaflet-control-zoom'],
        ['attribution', '.leaflet-control-attribution'],
        ['map tools', '[data-map-overlay]'],
        ['near me', '[data-testid=near-me-link]'],
      ].flatMap(([name, selector]) => {
        const element = document.querySelector(selector as string);
        return element ? [{ name: name as string, box: boxOf(element) }] : [];
      });
      return {
        panel: boxOf(panel),
        searchField: boxOf(field),
        controls,
        viewport: { width: window.innerWidth, height: window.innerHeight },
        scrollWidth: document.documentElement.scrollWidth,
      };
    });
  }

  /** What the Near page says it searches around. */
  async nearPoint(): Promise<string> {
    const point = this.page.getByTestId('near-point');
    await point.waitFor();
    return point.innerText();
  }
}
