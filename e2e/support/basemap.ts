import type { Page, Request } from 'playwright-core';

/** How the map's vector base map is drawn: its canvas tiles and how many colours they hold. */
export interface DrawnBasemap {
  /** Canvas tiles in the map, drawn to their full size. */
  tiles: number;
  /** Distinct colours seen over all the tiles (one: a blank background). */
  colours: number;
}

/**
 * Reads the pixels of the base map's canvas tiles in the map (`data-testid` `map`): a map that
 * drew land, water, parks and roads shows several colours; a blank one, one at most.
 */
export function drawnBasemap(page: Page, testId = 'map'): Promise<DrawnBasemap> {
  return page.evaluate((id) => {
    const canvases = [
      ...document.querySelectorAll<HTMLCanvasElement>(`[data-testid="${id}"] canvas.leaflet-tile`),
    ];
    const colours = new Set<number>();
    let tiles = 0;
    for (const canvas of canvases) {
      if (canvas.width === 0 || canvas.height === 0) continue;
      tiles++;
      const { data } = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height) ?? {
        data: [],
      };
      // Every 7th pixel: enough to see each drawn colour of a tile.
      for (let i = 0; i < data.length; i += 4 * 7) {
        colours.add(((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0));
      }
    }
    return { tiles, colours: colours.size };
  }, testId);
}

/** Records every request the page's browser makes from now on (its service worker's too). */
export function recordRequests(page: Page): { urls: string[]; stop(): void } {
  const urls: string[] = [];
  const onRequest = (request: Request) => urls.push(request.url());
  const context = page.context();
  context.on('request', onRequest);
  return { urls, stop: () => context.off('request', onRequest) };
}

/** How many base-map tiles the browser keeps with saved areas (the cache the web app fills). */
export function savedTileCount(page: Page): Promise<number> {
  return page.evaluate(async () => (await (await caches.open('karta-basemap-saved')).keys()).length);
}
