/**
 * The raster tiles an open map shows around a centre, named and placed as Leaflet's TileLayer
 * names and places them: so the server's first view of the home page and the web app's picture
 * of the map while its engine loads show the very tiles the engine will draw, where it draws them.
 */
import { project, TILE_SIZE } from './mercator.ts';
import type { LatLng } from './types.ts';

export { TILE_SIZE };

/** Leaflet's default subdomains for `{s}`. */
const SUBDOMAINS = 'abc';

/** The placeholders Leaflet fills in a tile URL; a template with others is not guessed at. */
const PLACEHOLDER = /\{([^}]+)\}/g;
const KNOWN = new Set(['z', 'x', 'y', 's', 'r']);

/** One tile of a view: its address and where its top-left corner lies from the view's centre. */
export interface TileSpot {
  url: string;
  /** CSS pixels from the centre to the tile's left edge (negative: left of the centre). */
  left: number;
  /** CSS pixels from the centre to the tile's top edge (negative: above the centre). */
  top: number;
}

/** Whether Leaflet's own filling of placeholders is all a template needs. */
export function isPlainTileTemplate(template: string): boolean {
  return [...template.matchAll(PLACEHOLDER)].every((match) => KNOWN.has(match[1] ?? ''));
}

/**
 * A tile's URL as Leaflet's TileLayer fills the template: `{s}` by `(x + y) mod 3`, `{r}` `@2x`
 * on a dense screen. `x` is wrapped into the world, as Leaflet wraps it.
 */
function fillTemplate(template: string, x: number, y: number, z: number, dense: boolean): string {
  const values: Record<string, string> = {
    z: String(z),
    x: String(x),
    y: String(y),
    s: SUBDOMAINS[(x + y) % SUBDOMAINS.length] ?? 'a',
    r: dense ? '@2x' : '',
  };
  return template.replace(PLACEHOLDER, (_, name: string) => values[name] ?? '');
}

/**
 * The tiles a map `2 × halfWidth` by `2 × halfHeight` CSS pixels centred on `center` at `zoom`
 * shows, nearest the centre first (the order Leaflet asks for them). A fractional zoom is rounded
 * as Leaflet picks its tile zoom; rows beyond the world's top or bottom are left out. Empty for a
 * template with placeholders of its own.
 */
export function tilesAround(
  template: string,
  center: LatLng,
  zoom: number,
  { halfWidth, halfHeight, dense }: { halfWidth: number; halfHeight: number; dense: boolean },
): TileSpot[] {
  if (!isPlainTileTemplate(template)) return [];
  const z = Math.round(zoom);
  const point = project(center, z);
  const tiles = 2 ** z;
  // The tiles from the one holding the view's first pixel to the one holding its last (a tile
  // that would begin exactly at the far edge shows nothing); the one under the centre at least.
  const span = (at: number, half: number) => {
    const from = Math.floor((at - half) / TILE_SIZE);
    return [from, Math.max(from, Math.ceil((at + half) / TILE_SIZE) - 1)] as const;
  };
  const [firstRow, lastRow] = span(point.y, halfHeight);
  const [firstColumn, lastColumn] = span(point.x, halfWidth);
  const spots: (TileSpot & { distance: number })[] = [];
  for (let row = firstRow; row <= lastRow; row += 1) {
    if (row < 0 || row >= tiles) continue;
    for (let column = firstColumn; column <= lastColumn; column += 1) {
      const x = ((column % tiles) + tiles) % tiles;
      const left = column * TILE_SIZE - point.x;
      const top = row * TILE_SIZE - point.y;
      const distance = Math.hypot(left + TILE_SIZE / 2, top + TILE_SIZE / 2);
      spots.push({ url: fillTemplate(template, x, row, z, dense), left, top, distance });
    }
  }
  return spots.sort((a, b) => a.distance - b.distance).map(({ url, left, top }) => ({ url, left, top }));
}

/**
 * The URL Leaflet asks for first for a map centred on `center` at `zoom`: the tile under the
 * centre, on screen whatever the map's size. Null for a template with placeholders of its own.
 */
export function centreTileUrl(template: string, center: LatLng, zoom: number, dense: boolean): string | null {
  return tilesAround(template, center, zoom, { halfWidth: 0, halfHeight: 0, dense })[0]?.url ?? null;
}
