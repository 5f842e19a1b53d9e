/**
 * The home page's first view: the map's tiles the server draws into the page before any script
 * has run (apps/server/src/http/first-view.ts), lying over the page where the app's map will be.
 * They go once the map engine has drawn (fading out while the engine's tiles fade in), at once
 * when the app's map is not where they lie (another page, a banner above the map), and at the
 * latest after a while, so they can never hide a page for long.
 */

/** The id the server gives the first view's map. */
const FIRST_VIEW_MAP_ID = 'first-view-map';
/** As long as the engine's own tiles take to fade in (Leaflet's fade is 0.2 s). */
const FADE_MS = 250;
/** The longest the first view stays, whatever happens. */
const LONGEST_MS = 15_000;

function firstViewMap(): HTMLElement | null {
  return document.getElementById(FIRST_VIEW_MAP_ID);
}

/** Fades the first view's map out and removes it; nothing when there is none. */
export function dismissFirstView(): void {
  const map = firstViewMap();
  if (!map || map.dataset.leaving) return;
  map.dataset.leaving = 'true';
  map.style.opacity = '0';
  window.setTimeout(() => map.remove(), FADE_MS);
}

/** Removes it at once: the page is not the one it belongs to. */
export function removeFirstView(): void {
  firstViewMap()?.remove();
}

/** Removes it at once unless it lies exactly over `element` (the app's map, as laid out now). */
export function keepFirstViewOnlyOver(element: HTMLElement | null): void {
  const map = firstViewMap();
  if (!map) return;
  const over = map.getBoundingClientRect();
  const under = element?.getBoundingClientRect();
  const same =
    under !== undefined &&
    Math.abs(over.top - under.top) < 1 &&
    Math.abs(over.left - under.left) < 1 &&
    Math.abs(over.width - under.width) < 1 &&
    Math.abs(over.height - under.height) < 1;
  if (!same) removeFirstView();
}

/** Whatever else happens, the first view goes after a while. */
export function dismissFirstViewLater(): void {
  if (firstViewMap()) window.setTimeout(dismissFirstView, LONGEST_MS);
}
