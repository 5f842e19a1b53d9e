import type { Page } from 'playwright-core';

/** What has keyboard focus, as far as the map is concerned. */
export interface FocusState {
  /** Inside the home page's map (`[data-testid=map]`). */
  inMap: boolean;
  /** `marker` or `cluster` for a map button, else the element's test id or tag. */
  kind: string;
  /** A marker's `data-place-id` or a cluster's `data-cluster-id`. */
  id: string | null;
}

/** Drives the home map with the keyboard alone: Tab, arrows, Enter, the skip link. */
export class MapKeyboard {
  constructor(private readonly page: Page) {}

  /** Focuses the "Skip the map" link, the last stop before the map. */
  async focusSkipLink(): Promise<void> {
    await this.page.getByTestId('skip-map').focus();
  }

  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key);
  }

  async focus(): Promise<FocusState> {
    return this.page.evaluate(() => {
      const active = document.activeElement as HTMLElement | null;
      const map = document.querySelector('[data-testid=map]');
      const testId = active?.dataset.testid ?? null;
      return {
        inMap: Boolean(active && map?.contains(active)),
        kind: testId ?? active?.tagName.toLowerCase() ?? 'none',
        id: active?.dataset.placeId ?? active?.dataset.clusterId ?? null,
      };
    });
  }

  /**
   * Presses Tab from the skip link until focus leaves the map (at most `limit` presses) and
   * returns what each press reached.
   */
  async tabThroughMap(limit = 120): Promise<FocusState[]> {
    await this.focusSkipLink();
    const reached: FocusState[] = [];
    for (let press = 0; press < limit; press += 1) {
      await this.press('Tab');
      const state = await this.focus();
      reached.push(state);
      if (!state.inMap && reached.some((earlier) => earlier.inMap)) break;
    }
    return reached;
  }

  /** Tabs from the skip link to the map's buttons (their one Tab stop). */
  async tabToMapButton(): Promise<FocusState> {
    // A later map answer (the view settling after the first paint) regroups the clusters near the
    // edges, moving buttons under a test's feet: start once the page's requests are done.
    await this.page.waitForLoadState('networkidle');
    await this.focusSkipLink();
    for (let press = 0; press < 5; press += 1) {
      await this.press('Tab');
      const state = await this.focus();
      if (state.kind === 'marker' || state.kind === 'cluster') return state;
    }
    throw new Error('Tab did not reach a marker or cluster button');
  }

  /** How many of the map's marker and cluster buttons Tab can reach. */
  async mapButtonTabStops(): Promise<number> {
    return this.page.evaluate(
      () =>
        [
          ...document.querySelectorAll<HTMLElement>(
            '[data-testid=map] [data-testid=marker], [data-testid=map] [data-testid=cluster]',
          ),
        ].filter((button) => button.tabIndex >= 0).length,
    );
  }

  /** The on-screen centre of the focused element, in CSS px. */
  /**
   * The screen point the focused button stands for, which the arrows compare: a pin's tip (its box
   * is taller than wide and stands on its bottom centre), else the centre of a cluster or of an
   * approximate marker. A pin's box centre lies 18 px above its place, enough to reverse the
   * direction between two buttons side by side.
   */
  async focusedAnchor(): Promise<{ x: number; y: number }> {
    return this.page.evaluate(() => {
      const box = (document.activeElement as HTMLElement).getBoundingClientRect();
      const standsOnTip = box.height > box.width;
      return { x: box.x + box.width / 2, y: standsOnTip ? box.y + box.height : box.y + box.height / 2 };
    });
  }
}
