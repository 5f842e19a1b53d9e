import { describe, expect, it } from 'vitest';
import { basemapTileUrls, tilesToForget } from './saved-basemap.ts';

const tileUrl = '/tiles/{z}/{x}/{y}.mvt';
const centre = { west: 15.95, south: 45.79, east: 15.99, north: 45.82 };
const east = { west: 15.98, south: 45.79, east: 16.03, north: 45.82 };
const kept = (bbox: typeof centre, saved = true) => ({
  bbox,
  basemap: { tileUrl, maxZoom: 15, bytes: 1, saved },
});

describe('the base-map tiles an area keeps', () => {
  it('are every zoom’s tiles of the box to the deepest zoom kept, as the map names them', () => {
    const urls = basemapTileUrls(centre, tileUrl, 15);
    expect(urls[0]).toBe('/tiles/0/0/0.mvt');
    // The default view's centre tile (45.8 N, 16.0 E at zoom 10), as Leaflet names it.
    expect(urls).toContain('/tiles/10/557/365.mvt');
    expect(urls.every((url) => /^\/tiles\/(\d|1[0-5])\/\d+\/\d+\.mvt$/.test(url))).toBe(true);
    expect(urls.some((url) => url.startsWith('/tiles/15/'))).toBe(true);
  });

  it('are dropped with their area unless another kept area needs them', () => {
    const forgotten = tilesToForget(kept(centre), [kept(east)]);
    const eastTiles = new Set(basemapTileUrls(east, tileUrl, 15));
    expect(forgotten.length).toBeGreaterThan(0);
    expect(forgotten.some((url) => eastTiles.has(url))).toBe(false);
    // Zoom 0 to 10 tiles are shared by both boxes: they stay.
    expect(forgotten).not.toContain('/tiles/0/0/0.mvt');
    expect(forgotten).toEqual(basemapTileUrls(centre, tileUrl, 15).filter((url) => !eastTiles.has(url)));
  });

  it('are all dropped when no other area kept tiles, and none when the area kept none', () => {
    expect(tilesToForget(kept(centre), [kept(centre, false)])).toEqual(basemapTileUrls(centre, tileUrl, 15));
    expect(tilesToForget(kept(centre, false), [])).toEqual([]);
    expect(tilesToForget({ bbox: centre }, [])).toEqual([]);
  });
});
