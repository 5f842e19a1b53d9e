import type { Page } from 'playwright-core';

/** A box on the page as the browser draws it, in CSS pixels from the viewport's top left. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Whether two boxes share any area. */
export function overlap(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Whether `inner` lies wholly inside `outer`. */
export function within(inner: Box, outer: Box): boolean {
  return (
    inner.left >= outer.left &&
    inner.right <= outer.right &&
    inner.top >= outer.top &&
    inner.bottom <= outer.bottom
  );
}

/** The open info window as drawn over the map, and what it must stay clear of. */
export interface InfoWindowLayout {
  /** The whole window (bubble and tip). */
  window: Box;
  map: Box;
  /** The zoom buttons, the attribution, Share: whatever is drawn over the map. */
  controls: { name: string; box: Box }[];
  closeButton: Box;
  /** Whether a tap at the close button's centre reaches the close button (nothing covers it). */
  closeButtonReachable: boolean;
  /** How far the page has scrolled, and where the header is. */
  scrollY: number;
  header: Box;
  /** Whether the map is still in a pan animation (Leaflet's; one for the window to fit). */
  panning: boolean;
}

/** Measures the open info window against the map's controls and the page (Leaflet or Google). */
export async function infoWindowLayout(page: Page): Promise<InfoWindowLayout> {
  return page.evaluate(() => {
    const boxOf = (element: Element) => {
      const { left, top, right, bottom } = element.getBoundingClientRect();
      return { left, top, right, bottom };
    };
    const frame = document.querySelector('[data-testid=map] [role=dialog]');
    const window_ = frame?.closest('.leaflet-popup, .karta-google-popup');
    const close = frame?.querySelector('.karta-popup-close');
    const map = document.querySelector('[data-testid=map]');
    const header = document.querySelector('header');
    if (!frame || !window_ || !close || !map || !header) throw new Error('No open info window');
    const controls = [
      ['zoom', '.leaflet-control-zoom'],
      ['attribution', '.leaflet-control-attribution'],
      ['share', '[data-testid=share-button]'],
    ].flatMap(([name, selector]) => {
      const element = document.querySelector(selector as string);
      return element ? [{ name: name as string, box: boxOf(element) }] : [];
    });
    const closeBox = boxOf(close);
    const hit = document.elementFromPoint(
      (closeBox.left + closeBox.right) / 2,
      (closeBox.top + closeBox.bottom) / 2,
    );
    return {
      window: boxOf(window_),
      map: boxOf(map),
      controls,
      closeButton: closeBox,
      closeButtonReachable: hit !== null && close.contains(hit),
      scrollY: window.scrollY,
      header: boxOf(header),
      panning: map.querySelector('.leaflet-pan-anim') !== null,
    };
  });
}

/**
 * Elements inside `selector` that scroll on their own (a box whose content is taller than it and
 * may scroll): on a phone, the page should be the only thing that scrolls.
 */
export async function nestedScrollers(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((root) => {
    const scope = document.querySelector(root);
    if (!scope) throw new Error(`Nothing matches ${root}`);
    return [scope, ...scope.querySelectorAll('*')]
      .filter((element) => {
        const { overflowY } = getComputedStyle(element);
        return (
          (overflowY === 'auto' || overflowY === 'scroll') && element.scrollHeight > element.clientHeight + 1
        );
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
  }, selector);
}

/**
 * For `evaluateAll`: which of `elements` have their middle on the page's map (the map also draws
 * what lies just beyond its edges, of which only a part shows and can be clicked). Self-contained,
 * as the browser runs it.
 */
export function middlesOnMap(elements: Element[]): boolean[] {
  const map = document.querySelector('[data-testid=map]')?.getBoundingClientRect();
  return elements.map((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    return map !== undefined && x > map.left && x < map.right && y > map.top && y < map.bottom;
  });
}
