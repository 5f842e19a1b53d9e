import type { Page } from 'playwright-core';

/** A box on the page, in CSS pixels of the viewport. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The place form's "Find by address" and the "Use address" offer, as a keyboard user reaches
 * them. Specs talk to this, never to raw selectors.
 */
export class PlaceByAddressPage {
  constructor(readonly page: Page) {}

  field() {
    return this.page.getByRole('combobox', { name: /Find by address|Pronađi po adresi/ });
  }

  /** The data-testid of the focused element ('' when it has none). */
  private focusedTestId(): Promise<string> {
    return this.page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
  }

  /**
   * Presses Tab until the element with `testId` has the focus; returns the test ids of the place
   * form's controls the focus went through on the way (which come before it in the form).
   */
  async tabTo(testId: string, most = 120): Promise<string[]> {
    const passed: string[] = [];
    for (let press = 0; press < most; press += 1) {
      await this.page.keyboard.press('Tab');
      const focused = await this.focusedTestId();
      if (focused === testId) return passed;
      const inForm = await this.page.evaluate(
        () => document.activeElement?.closest('[data-testid=place-form]') !== null,
      );
      if (inForm) passed.push(focused || 'unnamed');
    }
    throw new Error(`Tab never reached ${testId}`);
  }

  /** The answers listed, as shown, once the list is open. */
  async answers(): Promise<string[]> {
    const options = this.page.getByTestId('address-option');
    await options.first().waitFor({ timeout: 10_000 });
    return options.allInnerTexts();
  }

  /** The label of the answer the arrow keys made active ('' when none). */
  async activeAnswer(): Promise<string> {
    return this.page.evaluate(() => {
      const id = document.activeElement?.getAttribute('aria-activedescendant');
      return (id && document.getElementById(id)?.textContent) || '';
    });
  }

  /** What the search's polite live region says now. */
  async announcement(): Promise<string> {
    return (await this.page.getByTestId('address-search-status').textContent()) ?? '';
  }

  /** The small line saying whose addresses these are. */
  async attribution(): Promise<string> {
    return this.page.getByTestId('address-attribution').innerText();
  }

  /** The offer under the Address field, once it shows. */
  offer() {
    return this.page.getByTestId('address-offer');
  }

  /**
   * The boxes of the field, the open list, its options and "Use my location", and whether what
   * is drawn at the middle of each option is that option (nothing covers it).
   */
  async listLayout() {
    return this.page.evaluate(() => {
      const boxOf = (element: Element | null): Box | null => {
        if (!element) return null;
        const { left, top, right, bottom } = element.getBoundingClientRect();
        return { left, top, right, bottom };
      };
      const options = [...document.querySelectorAll('[data-testid=address-option]')];
      return {
        field: boxOf(document.querySelector('[data-testid=address-search-input]')),
        panel: boxOf(document.querySelector('[data-testid=address-search-panel]')),
        locate: boxOf(document.querySelector('[data-testid=use-my-location]')),
        options: options.map((option) => {
          const box = option.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return {
            box: boxOf(option) as Box,
            uncovered: hit !== null && (hit === option || option.contains(hit)),
          };
        }),
        viewportWidth: document.documentElement.clientWidth,
      };
    });
  }
}

/** Whether two boxes share any area. */
export function overlap(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}
