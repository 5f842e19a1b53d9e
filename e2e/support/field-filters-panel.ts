import type { Page } from 'playwright-core';
import type { Box } from './page-geometry.ts';

/** What is drawn over or around the map while the filter panel is open, measured as the browser draws it. */
export interface PanelLayout {
  viewport: { width: number; height: number };
  map: Box;
  panel: Box;
  /** The zoom buttons, the attribution and the buttons over the map's corner (Share, Save offline…). */
  controls: { name: string; box: Box }[];
  /** Buttons, inputs and labelled rows of the panel smaller than 44 × 44 px (a thumb's target). */
  smallTargets: string[];
}

/**
 * Drives the field filter panel (home page and Near me) the way a person uses it: its button, the
 * choices by the field's label and the option's, the count it states, its closing. Specs talk to
 * this, never to raw selectors.
 */
export class FieldFiltersPanel {
  constructor(readonly page: Page) {}

  button() {
    return this.page.getByTestId('field-filters-button');
  }

  panel() {
    return this.page.getByTestId('field-filters-panel');
  }

  async open(): Promise<void> {
    if ((await this.button().getAttribute('aria-expanded')) !== 'true') await this.button().click();
    await this.panel().waitFor();
  }

  /** Presses the chip `option` of the yes/no or single-choice field labelled `field`. */
  async choose(field: string, option: string): Promise<void> {
    await this.panel()
      .getByRole('group', { name: field, exact: true })
      .getByRole('button', { name: option, exact: true })
      .click();
  }

  /** The number of places the panel states for the filters (once it is counted). */
  async count(): Promise<number | null> {
    const total = await this.page.getByTestId('field-filters-count').getAttribute('data-total');
    return total === null ? null : Number(total);
  }

  /** "Show places": closes the panel. */
  async showPlaces(): Promise<void> {
    await this.page.getByTestId('show-filtered-places').click();
    await this.panel().waitFor({ state: 'detached' });
  }

  /** The number the button's badge shows (0 without one). */
  async badge(): Promise<number> {
    return Number((await this.button().getAttribute('data-active')) ?? 0);
  }

  /** The filters listed while the panel is closed, as they read. */
  async activeFilters(): Promise<string[]> {
    return this.page
      .getByTestId('active-field-filters')
      .getByRole('button')
      .evaluateAll((chips) => chips.map((chip) => (chip.textContent ?? '').trim()));
  }

  /** The open panel against the map and its controls. */
  async layout(): Promise<PanelLayout> {
    return this.page.evaluate(() => {
      const boxOf = (element: Element) => {
        const { left, top, right, bottom } = element.getBoundingClientRect();
        return { left, top, right, bottom };
      };
      const map = document.querySelector('[data-testid=map], [data-testid=near-map]');
      const panel = document.querySelector('[data-testid=field-filters-panel]');
      if (!map || !panel) throw new Error('No map or no open panel');
      const controls = [
        ...[...document.querySelectorAll('.leaflet-control-zoom, .leaflet-control-attribution')].map(
          (element) => ({
            name: element.classList.contains('leaflet-control-zoom') ? 'zoom' : 'attribution',
            box: boxOf(element),
          }),
        ),
        ...[...document.querySelectorAll('[data-map-overlay] button, [data-map-overlay] a')].map(
          (element) => ({
            name: element.getAttribute('data-testid') ?? element.textContent?.trim() ?? 'overlay',
            box: boxOf(element),
          }),
        ),
      ];
      const targets = panel.querySelectorAll(
        'button, input:not([type=checkbox]), label:has(input[type=checkbox])',
      );
      const smallTargets = [...targets]
        .filter((element) => {
          const { width, height } = element.getBoundingClientRect();
          return width < 44 || height < 44;
        })
        .map((element) => `${element.tagName.toLowerCase()} “${element.textContent?.trim() ?? ''}”`);
      return {
        viewport: { width: window.innerWidth, height: window.innerHeight },
        map: boxOf(map),
        panel: boxOf(panel),
        controls,
        smallTargets,
      };
    });
  }
}
