import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { pressCategoryChip } from './category-chips.ts';

/** A box on the screen, in CSS pixels. */
export interface ScreenBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The chosen point's pin and the clusters around it, as drawn on the Near me map. */
export interface PointAmongClusters {
  /** The pin's position (`data-position`) and the map's zoom (`data-zoom`). */
  position: { lat: number; lng: number };
  zoom: number;
  /** The pin's box; its tip, at the middle of its bottom edge, stands on the position. */
  pin: ScreenBox;
  /** Each cluster's count label (the number it shows). */
  clusters: { id: string; count: number; label: ScreenBox }[];
}

/** One result of the Near me screen as it shows it. */
export interface NearResult {
  id: number;
  /** Metres, as the page received it. */
  distance: number;
  /** The distance as the page writes it ("350 m", "1,7 km"). */
  shownDistance: string;
}

/**
 * Drives the Near me screen (`/near`) the way a person uses it: their location, a point clicked on
 * the map, the radius, the two tabs. Specs talk to this, never to raw selectors.
 */
export class NearPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  /** Opens the screen and waits until its map is drawn (it then offers its centre as the point). */
  async open(search = ''): Promise<void> {
    await this.page.goto(`${this.baseUrl}/near${search}`);
    await this.page.locator('[data-testid=pick-map-centre]:enabled').waitFor({ timeout: 15_000 });
  }

  url(): URL {
    return new URL(this.page.url());
  }

  /** The explanation shown before there is a point, if any. */
  startState() {
    return this.page.getByTestId('near-start');
  }

  async useMyLocation(): Promise<void> {
    await this.page.getByTestId('use-my-location').click();
  }

  /** Which problem the page explains after "Use my location" (`denied`, `timeout`, …), once shown. */
  async locateProblem(): Promise<{ problem: string; text: string }> {
    const alert = this.page.getByTestId('locate-problem');
    await alert.waitFor({ timeout: 15_000 });
    return {
      problem: (await alert.getAttribute('data-problem')) ?? '',
      text: (await alert.innerText()).replace(/\s+/g, ' '),
    };
  }

  /** The point in the URL, once there is one. */
  async pointInUrl(): Promise<{ lat: number; lng: number }> {
    await expect.poll(() => this.url().searchParams.get('lat'), { timeout: 10_000 }).not.toBeNull();
    return {
      lat: Number(this.url().searchParams.get('lat')),
      lng: Number(this.url().searchParams.get('lng')),
    };
  }

  /** The number of matches the page states for the current search, once it stands. */
  async total(): Promise<number> {
    const count = this.page.getByTestId('near-count');
    await count.waitFor({ timeout: 15_000 });
    return Number(await count.getAttribute('data-total'));
  }

  /** Waits until the stated total is `total` (a new search has replaced the old one). */
  async waitForTotal(total: number): Promise<void> {
    await expect.poll(() => this.total(), { timeout: 15_000 }).toBe(total);
  }

  /** The results listed, in order, once the current search has answered. */
  async results(): Promise<NearResult[]> {
    await this.total();
    return this.page.getByTestId('near-result').evaluateAll((items) =>
      items.map((item) => ({
        id: Number(item.getAttribute('data-place-id')),
        distance: Number(item.getAttribute('data-distance')),
        shownDistance: (item.querySelector('[data-testid=result-distance]')?.textContent ?? '').replace(
          /\s+/g,
          ' ',
        ),
      })),
    );
  }

  /** The radius options as labelled on screen ("250 m", "1 km", …). */
  async radiusLabels(): Promise<string[]> {
    return this.page
      .getByTestId('radius-picker')
      .locator('label')
      .evaluateAll((labels) => labels.map((label) => (label.textContent ?? '').replace(/\s+/g, ' ').trim()));
  }

  async chooseRadius(metres: number): Promise<void> {
    await this.page
      .getByTestId('radius-picker')
      .locator('label', { has: this.page.locator(`input[value="${metres}"]`) })
      .click();
  }

  async toggleCategory(name: string): Promise<void> {
    await pressCategoryChip(this.page, name);
  }

  async openTab(tab: 'near' | 'covers'): Promise<void> {
    await this.page.locator(`[data-testid=near-tab][data-tab=${tab}]`).click();
  }

  /** The selected tab's value. */
  async currentTab(): Promise<string | null> {
    return this.page.locator('[data-testid=near-tab][aria-selected=true]').getAttribute('data-tab');
  }

  /** The explanation line of the current tab's panel. */
  async panelText(): Promise<string> {
    return (await this.page.getByRole('tabpanel').innerText()).replace(/\s+/g, ' ');
  }

  /** Circles the map draws that stand out: the search circle and a selected place's radius. */
  async outstandingCircleCount(): Promise<number> {
    return this.page.locator('[data-testid=near-map] path.karta-circle--selected').count();
  }

  /** Every circle the map draws. */
  async circleCount(): Promise<number> {
    return this.page.locator('[data-testid=near-map] .leaflet-overlay-pane path').count();
  }

  /** Clicks the map at a fraction of its width and height from its top left corner. */
  async clickMap(x: number, y: number): Promise<void> {
    const box = await this.page.getByTestId('near-map').boundingBox();
    if (!box) throw new Error('The map is not visible');
    await this.page.mouse.click(box.x + box.width * x, box.y + box.height * y);
  }

  /** Moves the point with the keyboard: focus its marker, press an arrow key (with Shift: 50 m). */
  async movePointWithKeyboard(key: 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight', big = false) {
    await this.page.getByTestId('near-map').getByTestId('picker-marker').focus();
    await this.page.keyboard.press(big ? `Shift+${key}` : key);
  }

  /** The point's pin and the clusters' count labels, where they are drawn now. */
  async pointAmongClusters(): Promise<PointAmongClusters> {
    const map = this.page.getByTestId('near-map');
    const pin = map.getByTestId('picker-marker');
    const [position, zoom, pinBox, clusters] = await Promise.all([
      pin.getAttribute('data-position'),
      map.getAttribute('data-zoom'),
      pin.boundingBox(),
      map.getByTestId('cluster').evaluateAll((buttons) =>
        buttons.map((button) => {
          const { x, y, width, height } = (
            button.querySelector('.karta-cluster__count') ?? button
          ).getBoundingClientRect();
          return {
            id: button.getAttribute('data-cluster-id') ?? '',
            count: Number(button.getAttribute('data-count')),
            label: { x, y, width, height },
          };
        }),
      ),
    ]);
    if (!position || !pinBox) throw new Error('No point on the map');
    const [lat = Number.NaN, lng = Number.NaN] = position.split(',').map(Number);
    return { position: { lat, lng }, zoom: Number(zoom), pin: pinBox, clusters };
  }

  /**
   * What is drawn on top at (x, y) of the page, where a click or a look lands: the test id of the
   * nearest element that has one (`cluster`, `picker-marker`, `marker`, …), or the tag name.
   */
  async topmostAt(x: number, y: number): Promise<string> {
    return this.page.evaluate(
      ([px, py]) => {
        const hit = document.elementFromPoint(px, py);
        if (!hit) return '';
        return hit.closest('[data-testid]')?.getAttribute('data-testid') ?? hit.tagName.toLowerCase();
      },
      [x, y] as const,
    );
  }

  /** Whether the point's pin has the keyboard focus (then it is drawn over the clusters). */
  async pointFocused(): Promise<boolean> {
    return this.page
      .getByTestId('near-map')
      .getByTestId('picker-marker')
      .evaluate((pin) => pin === document.activeElement);
  }

  /** Picks the centre of the map with the keyboard: focus the button below the map, press Enter. */
  async pickMapCentreWithKeyboard(): Promise<void> {
    await this.page.getByTestId('pick-map-centre').focus();
    await this.page.keyboard.press('Enter');
  }

  /** The centre the map shows (its `data-center`). */
  async mapCentre(): Promise<{ lat: number; lng: number }> {
    const [lat, lng] = ((await this.page.getByTestId('near-map').getAttribute('data-center')) ?? '')
      .split(',')
      .map(Number);
    return { lat: lat ?? Number.NaN, lng: lng ?? Number.NaN };
  }

  /** Chooses a result in the list and returns the info window's text. */
  async selectResult(id: number): Promise<string> {
    await this.page.locator(`[data-testid=near-result][data-place-id="${id}"]`).getByRole('button').click();
    const window = this.page.getByTestId('info-window');
    await window.waitFor({ timeout: 10_000 });
    return (await window.innerText()).replace(/\s+/g, ' ');
  }

  /** Follows the selected result's link to its details page. */
  async openSelectedDetails(): Promise<void> {
    await this.page.getByTestId('result-details').click();
    await this.page.waitForURL(/\/places\/\d+$/);
  }
}
