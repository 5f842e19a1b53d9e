import { type LatLng, project, TILE_SIZE } from '@karta/map-core';
import type { RuntimeConfig } from '../../../config/runtime-config.ts';
import { parseViewState } from '../../../lib/view-url.ts';

/** Leaflet's default subdomains for `{s}`. */
const SUBDOMAINS = 'abc';

/** The placeholders Leaflet fills in a tile URL; a template with others is not guessed at. */
const PLACEHOLDER = /\{([^}]+)\}/g;
const KNOWN = new Set(['z', 'x', 'y', 's', 'r']);

/**
 * The URL Leaflet will ask for first for a map centred on `center` at `zoom`: the tile under the
 * centre (Leaflet loads tiles nearest the centre first, and that one is on screen whatever the
 * map's size), filled in as Leaflet's TileLayer fills it (`{s}` by `(x + y) mod 3`, `{r}` `@2x` on a
 * dense screen). Null for a template with placeholders of its own.
 */
export function firstTileUrl(template: string, center: LatLng, zoom: number, dense: boolean): string | null {
  const names = [...template.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
  if (names.some((name) => !KNOWN.has(name))) return null;
  const z = Math.round(zoom);
  const point = project(center, z);
  const tiles = 2 ** z;
  const x = (((Math.floor(point.x / TILE_SIZE) % tiles) + tiles) % tiles).toString();
  const y = Math.min(tiles - 1, Math.max(0, Math.floor(point.y / TILE_SIZE))).toString();
  const values: Record<string, string> = {
    z: String(z),
    x,
    y,
    s: SUBDOMAINS[(Number(x) + Number(y)) % SUBDOMAINS.length] ?? 'a',
    r: dense ? '@2x' : '',
  };
  return template.replace(PLACEHOLDER, (_, name: string) => values[name] ?? '');
}

/**
 * Asks for the map's first tile while the app is still starting (its largest paint, which would
 * otherwise wait until the engine has loaded and drawn the map), with high priority; the engine's
 * own request then finds it in the browser's cache.
 */
export function preloadFirstTile(url: string, doc: Document = document): void {
  const link = doc.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  link.setAttribute('href', url);
  doc.head.append(link);
}

/**
 * The first tile of the home page as its URL opens it, with the open engine; null elsewhere, with
 * Google's engine, or with a place in the URL (the page may move to it).
 */
export function firstTileOfPage(config: RuntimeConfig, page: URL, dense: boolean): string | null {
  if (page.pathname !== '/' || config.mapEngine !== 'leaflet') return null;
  const view = parseViewState(page.search, {
    center: config.defaultCenter,
    zoom: config.defaultZoom,
    minZoom: config.minZoom,
    maxZoom: config.maxZoom,
  });
  if (view.placeId !== null) return null;
  return firstTileUrl(config.tileUrl, view.center, view.zoom, dense);
}
