import { centreTileUrl } from '@karta/map-core';
import type { RuntimeConfig } from '../../../config/runtime-config.ts';
import { parseViewState } from '../../../lib/view-url.ts';

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
 * The first tile of the home page as its URL opens it, with the open engine's raster tiles; null
 * elsewhere, with Google's engine, with the deployment's own vector tiles (drawn, not an image),
 * or with a place in the URL (the page may move to it).
 */
export function firstTileOfPage(config: RuntimeConfig, page: URL, dense: boolean): string | null {
  if (page.pathname !== '/' || config.mapEngine !== 'leaflet' || config.basemap.kind !== 'raster')
    return null;
  const view = parseViewState(page.search, {
    center: config.defaultCenter,
    zoom: config.defaultZoom,
    minZoom: config.minZoom,
    maxZoom: config.maxZoom,
  });
  if (view.placeId !== null) return null;
  return centreTileUrl(config.tileUrl, view.center, view.zoom, dense);
}
