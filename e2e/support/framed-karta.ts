import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { middlesOnMap } from './page-geometry.ts';

/**
 * Karta inside an `<iframe>` of another site's page: what the embed shows and does in the frame.
 * Open it with `KartaDriver.openFramingPage`.
 */
export class FramedKarta {
  constructor(
    readonly page: Page,
    readonly frame: Frame,
  ) {}

  /**
   * Whether the frame shows Karta (`shown`) or the browser refused to draw the page in a frame
   * (`blocked`: frame-ancestors / X-Frame-Options). Waits until it is one or the other.
   */
  async outcome(): Promise<'shown' | 'blocked'> {
    let outcome: 'shown' | 'blocked' | null = null;
    await expect
      .poll(
        async () => {
          if (this.frame.url().startsWith('chrome-error:')) outcome = 'blocked';
          else if (
            (await this.frame
              .locator('#root *')
              .count()
              .catch(() => 0)) > 0
          )
            outcome = 'shown';
          return outcome;
        },
        { timeout: 15_000 },
      )
      .not.toBeNull();
    return outcome ?? 'blocked';
  }

  /** The frame's own address (the embed keeps its view and selection there). */
  url(): URL {
    return new URL(this.frame.url());
  }

  private map() {
    return this.frame.getByTestId('map');
  }

  async waitForMapData(): Promise<void> {
    await this.frame
      .locator('[data-testid=cluster], [data-testid=marker]')
      .first()
      .waitFor({ timeout: 15_000 });
  }

  /** The map's size and the frame's, in CSS pixels of the framing page. */
  async sizes(): Promise<{
    map: { width: number; height: number };
    frame: { width: number; height: number };
  }> {
    const [map, frame] = await Promise.all([
      this.map().boundingBox(),
      this.page.locator('iframe').boundingBox(),
    ]);
    if (!map || !frame) throw new Error('The framed map is not visible');
    return {
      map: { width: map.width, height: map.height },
      frame: { width: frame.width, height: frame.height },
    };
  }

  /** Whether the framed page scrolls (it should not: the map is the whole page). */
  async scrolls(): Promise<boolean> {
    return this.frame.evaluate(
      () =>
        document.documentElement.scrollHeight > window.innerHeight ||
        document.documentElement.scrollWidth > window.innerWidth,
    );
  }

  async engine(): Promise<string> {
    return (await this.map().getAttribute('data-engine')) ?? '';
  }

  async clusterCounts(): Promise<number[]> {
    return this.frame
      .getByTestId('cluster')
      .evaluateAll((buttons) => buttons.map((button) => Number(button.getAttribute('data-count'))));
  }

  /** What the frame shows besides the map: the site's header, footer or list must not be there. */
  async siteChrome(): Promise<number> {
    return this.frame.locator('header, footer, [data-testid=place-list], [data-testid=share-button]').count();
  }

  /**
   * Clicks the smallest cluster whose middle is on the map (one beyond the edge shows only part of
   * itself), which zooms the map to it.
   */
  async clickSmallestCluster(): Promise<void> {
    const clusters = this.frame.getByTestId('cluster');
    const onMap = await clusters.evaluateAll(middlesOnMap);
    const counts = await this.clusterCounts();
    const index = counts.reduce(
      (best, count, at) => (onMap[at] && (best < 0 || count < (counts[best] ?? 0)) ? at : best),
      -1,
    );
    if (index < 0) throw new Error('No cluster on the map');
    await clusters.nth(index).click();
  }

  async zoom(): Promise<number> {
    return Number(await this.map().getAttribute('data-zoom'));
  }

  async clickMarker(id: number): Promise<void> {
    await this.frame.locator(`[data-testid=marker][data-place-id="${id}"]`).click();
  }

  infoWindow() {
    return this.frame.getByTestId('info-window');
  }

  /** Details in the info window: where it leads and how it opens. */
  async detailsLink(): Promise<{ href: string; target: string | null; rel: string | null }> {
    const link = this.infoWindow().getByRole('link', { name: /details|detalji/i });
    return {
      href: await link.evaluate((element) => (element as HTMLAnchorElement).href),
      target: await link.getAttribute('target'),
      rel: await link.getAttribute('rel'),
    };
  }

  /** Follows Details and returns the address of the tab it opened (the frame stays as it was). */
  async followDetails(): Promise<string> {
    const opened = this.page.context().waitForEvent('page');
    await this.infoWindow()
      .getByRole('link', { name: /details|detalji/i })
      .click();
    const tab = await opened;
    await tab.waitForLoadState('domcontentloaded');
    const address = tab.url();
    await tab.close();
    return address;
  }

  /** The "View on Karta" link to the full map. */
  async viewOnKarta(): Promise<{ href: string; target: string | null; rel: string | null; text: string }> {
    const link = this.frame.getByTestId('view-on-karta');
    return {
      href: await link.evaluate((element) => (element as HTMLAnchorElement).href),
      target: await link.getAttribute('target'),
      rel: await link.getAttribute('rel'),
      text: (await link.innerText()).trim(),
    };
  }

  async htmlLang(): Promise<string> {
    return this.frame.evaluate(() => document.documentElement.lang);
  }
}
