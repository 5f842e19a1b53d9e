import { ApiError } from '@karta/api-client';
import { type Bounds, type ClientConfig, SAVED_BASEMAP_MAX_ZOOM } from '@karta/contracts';
import { tileRanges, tilesOf } from '@karta/map-core/tile-ranges';
import { api } from '../../../lib/api-client.ts';
import { networkFetch } from '../../../lib/connectivity.ts';
import type { SavedBasemap } from '../../../lib/offline/saved-area.ts';
import { CACHE_NAMES, SAVING_TILE_HEADER } from '../../../service-worker/sw-routes.ts';

/**
 * The most bytes of base-map tiles one area keeps, counted before the download. An area needing
 * more keeps its places without the background, and says so (decision 028).
 */
export const MAX_SAVED_BASEMAP_BYTES = 150e6;

/** Tiles asked at once: a browser's connections to one server, no more. */
const PARALLEL_TILES = 6;

/** The URLs of the base map's tiles covering `box`, zoom 0 to `maxZoom`, as the map asks for them. */
export function basemapTileUrls(box: Bounds, tileUrl: string, maxZoom: number): string[] {
  return [...tilesOf(tileRanges(box, 0, maxZoom))].map(({ z, x, y }) =>
    tileUrl.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y)),
  );
}

/**
 * Keeps the deployment's own base-map tiles of `box` on this device (the service worker answers
 * from them when the network does not), zoom 0 to the server's `maxZoom` (at most
 * `SAVED_BASEMAP_MAX_ZOOM`: the map draws deeper zooms from them), after asking the server how
 * large they are: an area over `MAX_SAVED_BASEMAP_BYTES` keeps none. Null when the site draws
 * another server's raster tiles, which are never fetched ahead (their servers forbid it).
 */
export async function saveBasemapTiles(
  box: Bounds,
  basemap: ClientConfig['basemap'],
): Promise<SavedBasemap | null> {
  if (basemap.kind !== 'pmtiles') return null;
  const { tileUrl } = basemap;
  const size = await api.tilesSize({ bbox: box }).catch((error: unknown) => {
    // Too many tiles for the server even to count: far over the bound too.
    if (error instanceof ApiError && error.code === 'basemap_area_too_large') return null;
    throw error;
  });
  if (!size) return { tileUrl, maxZoom: SAVED_BASEMAP_MAX_ZOOM, bytes: null, saved: false };
  const { maxZoom } = size;
  if (size.bytes > MAX_SAVED_BASEMAP_BYTES) return { tileUrl, maxZoom, bytes: size.bytes, saved: false };
  await download(basemapTileUrls(box, tileUrl, maxZoom));
  return { tileUrl, maxZoom, bytes: size.bytes, saved: true };
}

/** How long to wait when the server says to slow down but not for how long. */
const DEFAULT_RETRY_MS = 1_000;

/**
 * Fetches each tile into the saved tiles' cache, a few at a time. The tiles' rate limit (far above
 * a map's needs) can stop a large area's download: the answer's `Retry-After` is waited out and
 * the tile asked again.
 */
async function download(urls: readonly string[]): Promise<void> {
  const cache = await caches.open(CACHE_NAMES.basemapSaved);
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++] as string;
      const response = await fetchTile(url);
      // 204: the archive has no tile there (sea, or beyond its box), which offline is an answer too.
      if (response.status !== 200 && response.status !== 204)
        throw new Error(`Tile ${url}: ${response.status}`);
      await cache.put(url, response);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_TILES, urls.length) }, worker));
}

async function fetchTile(url: string, retries = 5): Promise<Response> {
  // Tiles are files of the base map, not API answers: the API client has no endpoint for them.
  // Marked, so the service worker leaves it to the network rather than keep a second copy.
  const response = await networkFetch(url, { headers: { [SAVING_TILE_HEADER]: '1' } });
  if (response.status !== 429 || retries === 0) return response;
  const seconds = Number(response.headers.get('retry-after'));
  await new Promise((done) => setTimeout(done, seconds > 0 ? seconds * 1000 : DEFAULT_RETRY_MS));
  return fetchTile(url, retries - 1);
}

/**
 * Drops the kept tiles of a removed area that no other saved area needs (areas overlap: a tile
 * of two areas stays while either is kept).
 */
export async function forgetBasemapTiles(removed: AreaTiles, kept: readonly AreaTiles[]): Promise<void> {
  if (typeof caches === 'undefined') return;
  const urls = tilesToForget(removed, kept);
  if (urls.length === 0) return;
  const cache = await caches.open(CACHE_NAMES.basemapSaved);
  for (const url of urls) await cache.delete(url);
}

/** An area and what it kept of the base map (nothing, in areas saved before it was kept). */
interface AreaTiles {
  bbox: Bounds;
  basemap?: SavedBasemap;
}

const keptTiles = ({ bbox, basemap }: AreaTiles): string[] =>
  basemap?.saved ? basemapTileUrls(bbox, basemap.tileUrl, basemap.maxZoom) : [];

/** The tiles of a removed area that no kept area needs. */
export function tilesToForget(removed: AreaTiles, kept: readonly AreaTiles[]): string[] {
  const stillNeeded = new Set(kept.flatMap(keptTiles));
  return keptTiles(removed).filter((url) => !stillNeeded.has(url));
}
