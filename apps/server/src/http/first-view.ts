import { TILE_SIZE, type TileSpot, tilesAround } from '@karta/map-core/tiles';
import type { Config } from '../config/env.ts';

/** Where index.html marks the content of `#root` that is painted before any script has run. */
const FIRST_VIEW = /<!-- first-view -->[\s\S]*?<!-- \/first-view -->/;

/** The id the web app finds the first view's map by (apps/web/src/lib/first-view.ts). */
export const FIRST_VIEW_MAP_ID = 'first-view-map';

export interface FirstView {
  style: string;
  header: string;
  map: string;
}

/**
 * The home page's map: full width, 400 px tall (docs/product-rules.md §Map; the web app's
 * MapCanvas).
 */
const MAP_HEIGHT = 400;
/** Half the widest screen the first view fills with tiles; the engine fills any wider one. */
const MAX_HALF_WIDTH = 1280;
/** Tiles this close to the centre show on every phone (320 px and up): asked for at once. */
const ALWAYS_SHOWN = 160;

/**
 * The header's height and the logo's place in it, as the web app's SiteHeader lays them out
 * (src/app/layout/site-header.tsx): two rows on a phone (three where the controls wrap, below
 * 360 px), one 56 px row from 768 px, plus its 1 px border. The browser test
 * e2e/tests/first-view.test.ts holds these to the real header at 375, 768 and 1280 px.
 */
const STYLE = `<style>
.kfv-header{box-sizing:border-box;height:101px;border-bottom:1px solid #e5e7eb;background:#fff}
.kfv-bar{box-sizing:border-box;max-width:1536px;margin:0 auto;padding:10px 16px 0}
.kfv-logo{display:block;width:32px;height:32px}
.kfv-map{position:absolute;z-index:2000;top:101px;left:0;right:0;overflow:hidden;height:${MAP_HEIGHT}px;background:#e5e7eb;pointer-events:none;transition:opacity .2s}
.kfv-map img{position:absolute;display:block;width:${TILE_SIZE}px;height:${TILE_SIZE}px;max-width:none}
@media (max-width:359.98px){.kfv-header{height:141px}.kfv-bar{padding-top:8px}.kfv-map{top:141px}}
@media (min-width:640px){.kfv-bar{padding-left:24px;padding-right:24px}}
@media (min-width:768px){.kfv-header{height:57px}.kfv-bar{padding-top:12px}.kfv-map{top:57px}}
</style>`;

const LOGO = `<svg class="kfv-logo" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="8" fill="#1d4ed8"/><path d="M16 6a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5z" fill="#fff"/></svg>`;

const HEADER = `<div class="kfv-header" aria-hidden="true"><div class="kfv-bar">${LOGO}</div></div>`;

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** Pixels from the map's centre line to the nearer side of a tile; 0 for the tile across it. */
function sideDistance(spot: TileSpot): number {
  if (spot.left > 0) return spot.left;
  return Math.max(0, -(spot.left + TILE_SIZE));
}

/**
 * One tile placed from the map's centre, so it lies where Leaflet draws it whatever the screen's
 * width. A tile only wider screens show is lazy and hidden below that width, so a phone asks for
 * its own few tiles only (a hidden lazy image is never fetched).
 */
function tileImage(spot: TileSpot, dense: TileSpot | undefined, index: number, hideBelow: string[]): string {
  const distance = sideDistance(spot);
  const shownEverywhere = distance < ALWAYS_SHOWN;
  if (!shownEverywhere) hideBelow.push(`@media (max-width:${2 * distance}px){#kfv-${index}{display:none}}`);
  const attributes = [
    `id="kfv-${index}"`,
    `src="${escapeAttribute(spot.url)}"`,
    ...(dense ? [`srcset="${escapeAttribute(dense.url)} 2x"`] : []),
    'alt=""',
    shownEverywhere ? (index === 0 ? 'fetchpriority="high"' : '') : 'loading="lazy"',
    `style="left:calc(50% + ${spot.left.toFixed(1)}px);top:calc(50% + ${spot.top.toFixed(1)}px)"`,
  ];
  return `<img ${attributes.filter(Boolean).join(' ')}>`;
}

/**
 * The home page as it looks before any script has run: the header's frame with the logo (in
 * `#root`, replaced by React's header on its first render) and the map's tiles at the default
 * view (the page's largest paint, which otherwise waits for the app's scripts, its config and the
 * map engine). The tiles lie over the page, outside `#root`, where the app's map will be, until
 * the map engine has drawn the same tiles, from the browser's cache, in the same places: the web
 * app's lib/first-view.ts takes them away then.
 *
 * Null for Google's engine (its map is not tiles of a template) and for a tile template with
 * placeholders of its own. With Karta's own base map (`basemap: 'pmtiles'`, vector tiles the
 * engine draws itself) the header's frame only: no raster tile, of any server, is in the page.
 */
export function homeFirstView(map: Config['map'], basemap: Config['basemap']['kind']): FirstView | null {
  if (map.engine !== 'leaflet') return null;
  if (basemap === 'pmtiles') return { style: STYLE, header: HEADER, map: '' };
  const around = (dense: boolean) =>
    tilesAround(map.tileUrl, map.defaultCenter, map.defaultZoom, {
      halfWidth: MAX_HALF_WIDTH,
      halfHeight: MAP_HEIGHT / 2,
      dense,
    });
  const spots = around(false);
  if (spots.length === 0) return null;
  const denseSpots = map.tileUrl.includes('{r}') ? around(true) : [];
  const hideBelow: string[] = [];
  const images = spots.map((spot, index) => tileImage(spot, denseSpots[index], index, hideBelow));
  return {
    style: STYLE.replace('</style>', `${hideBelow.join('\n')}\n</style>`),
    header: HEADER,
    map: `<div id="${FIRST_VIEW_MAP_ID}" class="kfv-map" aria-hidden="true">${images.join('')}</div>`,
  };
}

/**
 * index.html with the home page's first view: its style in the head, the header's frame in
 * `#root` instead of the start-up logo, the map's tiles just before `#root`.
 */
export function withHomeFirstView(indexHtml: string, view: FirstView): string {
  if (!FIRST_VIEW.test(indexHtml)) return indexHtml;
  return indexHtml
    .replace(FIRST_VIEW, () => view.header)
    .replace('<div id="root">', () => (view.map ? `${view.map}\n    <div id="root">` : '<div id="root">'))
    .replace('</head>', () => `${view.style}\n</head>`);
}
