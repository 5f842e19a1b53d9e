import type { Bounds } from '@karta/contracts';
import { rangeHolds, tileRange } from '@karta/map-core/tile-ranges';

export type { Bounds };

/** The deepest zoom a Hilbert tile id (the PMTiles specification's) can address safely. */
export const MAX_ADDRESSABLE_ZOOM = 26;

/** Whether tile z/x/y covers part of `bounds`. */
export function tileTouches(bounds: Bounds, z: number, x: number, y: number): boolean {
  return rangeHolds(tileRange(bounds, z), x, y);
}
