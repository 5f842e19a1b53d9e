import type { Page } from 'playwright-core';
import type { Box } from './page-geometry.ts';

/** Where the top of a place page stands, as drawn, in CSS pixels from the viewport's top left. */
export interface PlacePageTop {
  /** "Open · closes 19:00": null for a place whose state is unknown. */
  openState: Box | null;
  directions: Box;
  /** "May be out of date", null for a place confirmed lately. */
  staleWarning: Box | null;
  /** The "About this place" card with the description. */
  description: Box;
  scrollY: number;
}

/**
 * Reads a place page the way a visitor does, for the specs: what stands under its title and where,
 * and its text. Specs talk to this, never to raw selectors.
 */
export class PlacePage {
  constructor(readonly page: Page) {}

  /** Waits for the page's title and its directions (the page is shown once the place has come). */
  async waitForPlace(): Promise<void> {
    await this.page.getByTestId('place-directions').waitFor();
  }

  /** Waits for the small map's marker: the page is then whole. */
  async waitForMap(): Promise<void> {
    await this.page.getByTestId('marker').first().waitFor({ timeout: 15_000 });
  }

  async top(): Promise<PlacePageTop> {
    await this.waitForPlace();
    return this.page.evaluate(() => {
      const boxOf = (selector: string) => {
        const element = document.querySelector(selector);
        if (!element) return null;
        const { left, top, right, bottom } = element.getBoundingClientRect();
        return { left, top, right, bottom };
      };
      const directions = boxOf('[data-testid=place-directions]');
      const description = boxOf('[data-testid=place-about]');
      if (!directions || !description) throw new Error('No place page');
      return {
        openState: boxOf('main [data-testid=open-state]'),
        directions,
        staleWarning: boxOf('[data-testid=stale-warning]'),
        description,
        scrollY: window.scrollY,
      };
    });
  }

  async openStateText(): Promise<string> {
    return (await this.page.getByTestId('open-state').innerText()).trim();
  }

  async staleWarningText(): Promise<string> {
    return (await this.page.getByTestId('stale-warning').innerText()).replace(/\s+/g, ' ').trim();
  }

  /**
   * The place's category values as the page shows them: the yes/no chips, the labelled lines
   * (label, value), and the section's box; null when it shows none.
   */
  async fields(): Promise<{ chips: string[]; lines: [string, string][]; box: Box } | null> {
    await this.waitForPlace();
    return this.page.evaluate(() => {
      const section = document.querySelector('[data-testid=place-fields]');
      if (!section) return null;
      const { left, top, right, bottom } = section.getBoundingClientRect();
      const text = (element: Element | null) => (element as HTMLElement | null)?.innerText.trim() ?? '';
      return {
        // As read aloud: a yes chip's ": yes" is for screen readers only.
        chips: [...section.querySelectorAll('[data-testid=field-chip]')].map(
          (chip) => chip.textContent ?? '',
        ),
        lines: [...section.querySelectorAll('dl > div')].map(
          (row) => [text(row.querySelector('dt')), text(row.querySelector('dd'))] as [string, string],
        ),
        box: { left, top, right, bottom },
      };
    });
  }

  /** Everything the page says, as a visitor reads it. */
  async text(): Promise<string> {
    return this.page.locator('main').innerText();
  }
}
