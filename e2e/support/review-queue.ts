import type { Page } from 'playwright-core';

/** A similar published place as a review card names it. */
export interface SimilarShown {
  id: number;
  /** Metres, as the card rounds them. */
  distance: number;
  text: string;
  href: string | null;
}

/**
 * Drives the review queue (`/review`) the way a moderator goes through it: reaching a card, its
 * small map and "similar place" line, publishing with the keyboard, and where the focus lands.
 * Specs talk to this, never to raw selectors.
 */
export class ReviewQueue {
  constructor(readonly page: Page) {}

  private item(id: number) {
    return this.page.locator(`[data-testid=review-item][data-place-id="${id}"]`);
  }

  /**
   * Waits for the place's card (asking for more pages while the queue shows a "Show more") and
   * scrolls it into view, as a reader scrolling down would.
   */
  async reach(id: number): Promise<void> {
    await this.page.getByTestId('review-count').waitFor({ timeout: 15_000 });
    const item = this.item(id);
    const more = this.page.getByTestId('review-show-more');
    for (let page = 0; page < 20 && (await item.count()) === 0; page += 1) {
      if ((await more.count()) === 0) break;
      await more.click();
      await this.page.waitForTimeout(300);
    }
    await item.waitFor({ timeout: 15_000 });
    await item.scrollIntoViewIfNeeded();
  }

  /** How many cards the list shows, and how many of them have drawn their map. */
  async mapsDrawn(): Promise<{ cards: number; maps: number }> {
    return {
      cards: await this.page.getByTestId('review-item').count(),
      maps: await this.page.locator('[data-testid=review-item] [data-testid=review-map]').count(),
    };
  }

  /**
   * The card's small map once it has drawn its markers: the places marked, the circles drawn
   * (Leaflet's SVG paths, or the Google stand-in's), its size, and whether it is still a picture
   * (out of the Tab order until "Explore the map").
   */
  async spotMap(id: number): Promise<{
    markers: number[];
    circles: number;
    width: number;
    height: number;
    still: boolean;
  }> {
    const map = this.item(id).getByTestId('review-map');
    await map.getByTestId('marker').first().waitFor({ timeout: 15_000 });
    const box = await map.boundingBox();
    return {
      markers: await map
        .getByTestId('marker')
        .evaluateAll((buttons) => buttons.map((button) => Number(button.getAttribute('data-place-id')))),
      circles: await map.locator('.leaflet-overlay-pane path, svg.gm-stand-in-circle').count(),
      width: box?.width ?? 0,
      height: box?.height ?? 0,
      still: await map.evaluate((element) => element.closest('[inert]') !== null),
    };
  }

  /** The card's similar places, once the check has answered (an empty list when there are none). */
  async similarPlaces(id: number): Promise<SimilarShown[]> {
    const block = this.item(id).getByTestId('similar-places');
    await block.and(this.page.locator('[data-state=success]')).waitFor({ timeout: 15_000 });
    const shown: SimilarShown[] = [];
    for (const row of await block.getByTestId('similar-place').all()) {
      shown.push({
        id: Number(await row.getAttribute('data-place-id')),
        distance: Number(await row.getAttribute('data-distance')),
        text: (await row.innerText()).trim(),
        href: await row.getByRole('link').getAttribute('href'),
      });
    }
    return shown;
  }

  /**
   * With the focus on the card's heading (where it lands after the card before it is decided),
   * presses Tab until the card's Publish button has it, then Enter; waits until the card has left
   * the queue. Returns how many Tabs it took.
   */
  async publishWithKeyboard(id: number): Promise<number> {
    const item = this.item(id);
    await item.getByTestId('review-item-name').focus();
    for (let tabs = 1; tabs <= 40; tabs += 1) {
      await this.page.keyboard.press('Tab');
      const onPublish = await item
        .getByTestId('publish')
        .evaluate((button) => button === document.activeElement);
      if (onPublish) {
        await this.page.keyboard.press('Enter');
        await item.waitFor({ state: 'detached', timeout: 10_000 });
        return tabs;
      }
    }
    throw new Error(`Tab never reached Publish on place ${id}`);
  }

  /** Where the focus is: the card holding it (its place id) and the focused element's test id. */
  async focus(): Promise<{ placeId: number | null; testId: string | null }> {
    return this.page.evaluate(() => {
      const active = document.activeElement;
      const card = active?.closest('[data-testid=review-item]');
      return {
        placeId: card ? Number(card.getAttribute('data-place-id')) : null,
        testId: active?.getAttribute('data-testid') ?? null,
      };
    });
  }

  /**
   * The staff tabs and the queue's own tabs as drawn: each tab's edges, the viewport's width and
   * how wide the page scrolls.
   */
  async tabGeometry(): Promise<{
    viewport: number;
    scrollWidth: number;
    tabs: { tab: string; left: number; right: number; height: number }[];
  }> {
    return this.page.evaluate(() => ({
      viewport: window.innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
      tabs: [...document.querySelectorAll<HTMLElement>('[data-testid=tab]')].map((tab) => {
        const box = tab.getBoundingClientRect();
        return { tab: tab.dataset.tab ?? '', left: box.left, right: box.right, height: box.height };
      }),
    }));
  }

  /** Types words into the queue's search and waits for the list to answer them. */
  async search(words: string): Promise<void> {
    await this.page.getByTestId('review-search').fill(words);
    await this.page.waitForURL((url) => url.searchParams.get('q') === words, { timeout: 10_000 });
    await this.page.getByTestId('review-count').waitFor();
  }

  /** How many places the list says it holds. */
  async count(): Promise<number> {
    return Number(await this.page.getByTestId('review-count').getAttribute('data-count'));
  }

  /** The ids of the cards shown, in order. */
  async shownIds(): Promise<number[]> {
    return this.page
      .locator('[data-testid=review-item]')
      .evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-place-id'))));
  }

  /** Another moderator's hold as the card shows it (null: none). */
  async heldBy(id: number): Promise<{ text: string; publishDisabled: boolean } | null> {
    const badge = this.item(id).getByTestId('held-by');
    if ((await badge.count()) === 0) return null;
    return {
      text: (await badge.textContent()) ?? '',
      publishDisabled: (await this.item(id).getByTestId('publish').getAttribute('aria-disabled')) === 'true',
    };
  }

  async selectPage(): Promise<void> {
    await this.page.getByTestId('select-page').click();
  }

  async selectedCount(): Promise<string> {
    return (await this.page.getByTestId('batch-count').textContent()) ?? '';
  }

  /**
   * The batch bar as drawn over the list: its edges in the viewport, and whether it stays at the
   * bottom of the screen while the page scrolls.
   */
  async batchBarGeometry(): Promise<{
    top: number;
    bottom: number;
    left: number;
    right: number;
    viewport: { width: number; height: number };
  }> {
    return this.page.getByTestId('batch-bar').evaluate((bar) => {
      const box = bar.getBoundingClientRect();
      return {
        top: box.top,
        bottom: box.bottom,
        left: box.left,
        right: box.right,
        viewport: { width: window.innerWidth, height: window.innerHeight },
      };
    });
  }

  /** Publishes the selection and returns the outcome as the page sums it up. */
  async publishSelected(): Promise<string> {
    await this.page.getByTestId('batch-publish').click();
    const summary = this.page.getByTestId('batch-summary');
    await summary.locator('p').first().waitFor({ timeout: 15_000 });
    return (await summary.textContent()) ?? '';
  }
}
