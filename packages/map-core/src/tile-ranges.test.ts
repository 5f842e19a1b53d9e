import { describe, expect, it } from 'vitest';
import { rangeHolds, tileCount, tileRange, tileRanges, tilesOf } from './tile-ranges.ts';

const zagreb = { west: 15.9, south: 45.75, east: 16.1, north: 45.85 };

describe('tile ranges of a box', () => {
  it('names the tiles covering a box as the standard grid does (OpenStreetMap’s z/x/y)', () => {
    // 45.8 N, 16.0 E lies in tile 10/557/365 (the map's default view's centre tile, as Leaflet
    // names it); the box's north edge reaches into the row above.
    expect(tileRange(zagreb, 10)).toEqual({ z: 10, west: 557, east: 557, north: 364, south: 365 });
    expect(tileRange(zagreb, 12)).toEqual({ z: 12, west: 2228, east: 2231, north: 1459, south: 1461 });
    expect(tileCount(tileRange(zagreb, 12))).toBe(12);
  });

  it('counts one tile at zoom 0 whatever the box, and lists each tile once', () => {
    const ranges = tileRanges(zagreb, 0, 12);
    expect(ranges[0]).toEqual({ z: 0, west: 0, east: 0, north: 0, south: 0 });
    const tiles = [...tilesOf(ranges)];
    expect(tiles).toHaveLength(ranges.reduce((sum, range) => sum + tileCount(range), 0));
    expect(new Set(tiles.map(({ z, x, y }) => `${z}/${x}/${y}`)).size).toBe(tiles.length);
    expect(tiles.at(-1)).toEqual({ z: 12, x: 2231, y: 1461 });
  });

  it('wraps past the antimeridian and stays inside the world at its edges', () => {
    const fiji = { west: 179, south: -18, east: -179, north: -16 };
    const range = tileRange(fiji, 4);
    expect(range.west).toBe(15);
    expect(range.east).toBe(0);
    expect(tileCount(range)).toBe(2 * (range.south - range.north + 1));
    expect([...tilesOf([range])].map(({ x }) => x)).toEqual(expect.arrayContaining([15, 0]));
    const world = tileRange({ west: -180, south: -90, east: 180, north: 90 }, 2);
    expect(world).toEqual({ z: 2, west: 0, east: 3, north: 0, south: 3 });
  });

  it('holds exactly the tiles it lists', () => {
    for (const box of [zagreb, { west: 179, south: -18, east: -179, north: -16 }]) {
      const range = tileRange(box, 6);
      const listed = new Set([...tilesOf([range])].map(({ x, y }) => `${x}/${y}`));
      for (let x = 0; x < 64; x++) {
        for (let y = 0; y < 64; y++) expect(rangeHolds(range, x, y)).toBe(listed.has(`${x}/${y}`));
      }
    }
  });
});
