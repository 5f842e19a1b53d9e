/** West, south, east, north in degrees. */
export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The deepest zoom a Hilbert tile id (the PMTiles specification's) can address safely. */
export const MAX_ADDRESSABLE_ZOOM = 26;

const MAX_LATITUDE = 85.0511287798066;

/** Web Mercator tile column of a longitude at zoom `z`, clamped to the world. */
export function columnOf(lng: number, z: number): number {
  const n = 2 ** z;
  return Math.min(n - 1, Math.max(0, Math.floor(((lng + 180) / 360) * n)));
}

/** Web Mercator tile row of a latitude at zoom `z` (row 0 at the north), clamped to the world. */
export function rowOf(lat: number, z: number): number {
  const n = 2 ** z;
  const clamped = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(clamped) + 1 / Math.cos(clamped)) / Math.PI) / 2) * n;
  return Math.min(n - 1, Math.max(0, Math.floor(y)));
}

/** The tiles of `bounds` at zoom `z`: columns `minX..maxX`, rows `minY..maxY`. */
export interface TileRange {
  z: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

export function tileRange(bounds: Bounds, z: number): TileRange {
  return {
    z,
    minX: columnOf(bounds.west, z),
    maxX: columnOf(bounds.east, z),
    minY: rowOf(bounds.north, z),
    maxY: rowOf(bounds.south, z),
  };
}

export const tilesIn = (range: TileRange): number =>
  (range.maxX - range.minX + 1) * (range.maxY - range.minY + 1);

/** Whether tile z/x/y covers part of `bounds`. */
export function tileTouches(bounds: Bounds, z: number, x: number, y: number): boolean {
  const range = tileRange(bounds, z);
  return x >= range.minX && x <= range.maxX && y >= range.minY && y <= range.maxY;
}
