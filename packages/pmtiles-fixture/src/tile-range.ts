import { type TileAddress, tileRange, tilesOf } from '@karta/map-core/tile-ranges';

/** Every tile address at zoom `z` that covers part of the box (west, south, east, north). */
export function tilesOfBox(
  [west, south, east, north]: readonly [number, number, number, number],
  z: number,
): TileAddress[] {
  return [...tilesOf([tileRange({ west, south, east, north }, z)])];
}
