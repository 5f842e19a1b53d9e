/**
 * Which tiles of the standard web-mercator grid (z/x/y, y down from the north) cover a box: what
 * an area saved for offline use keeps of a tiled base map, counted the same way wherever it is
 * counted (the server's size of a box, the browser's download).
 */
import { latToUnitY, lngToUnitX } from './mercator.ts';
import type { Bounds } from './types.ts';

/** The tiles of one zoom covering a box: columns `west..east` (wrapping past the antimeridian), rows `north..south`. */
export interface TileRange {
  z: number;
  /** Column of the box's west edge. */
  west: number;
  /** Column of the box's east edge; smaller than `west` when the box crosses the antimeridian. */
  east: number;
  /** Row of the box's north edge. */
  north: number;
  /** Row of the box's south edge. */
  south: number;
}

export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

const column = (lng: number, n: number) => Math.min(n - 1, Math.max(0, Math.floor(lngToUnitX(lng) * n)));
const row = (lat: number, n: number) => Math.min(n - 1, Math.max(0, Math.floor(latToUnitY(lat) * n)));

/** The tiles of zoom `z` covering `box` (a box whose west is east of its east crosses the antimeridian). */
export function tileRange(box: Bounds, z: number): TileRange {
  const n = 2 ** z;
  const west = column(box.west, n);
  const east = box.east >= 180 ? n - 1 : column(box.east, n);
  return { z, west, east, north: row(box.north, n), south: row(box.south, n) };
}

/** How many tiles a range holds. */
export function tileCount(range: TileRange): number {
  const n = 2 ** range.z;
  const columns = range.east >= range.west ? range.east - range.west + 1 : n - range.west + range.east + 1;
  return columns * (range.south - range.north + 1);
}

/** Whether tile `x`/`y` of the range's zoom lies in it. */
export function rangeHolds(range: TileRange, x: number, y: number): boolean {
  if (y < range.north || y > range.south) return false;
  return range.east >= range.west ? x >= range.west && x <= range.east : x >= range.west || x <= range.east;
}

/** The ranges of every zoom from `minZoom` to `maxZoom`, lowest first. */
export function tileRanges(box: Bounds, minZoom: number, maxZoom: number): TileRange[] {
  const ranges: TileRange[] = [];
  for (let z = minZoom; z <= maxZoom; z++) ranges.push(tileRange(box, z));
  return ranges;
}

/** Every tile of the ranges, zoom by zoom, row by row. */
export function* tilesOf(ranges: readonly TileRange[]): Generator<TileAddress> {
  for (const range of ranges) {
    const n = 2 ** range.z;
    const columns = tileCount({ ...range, north: 0, south: 0 });
    for (let y = range.north; y <= range.south; y++) {
      for (let i = 0; i < columns; i++) yield { z: range.z, x: (range.west + i) % n, y };
    }
  }
}
