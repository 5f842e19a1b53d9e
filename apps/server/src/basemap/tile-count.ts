import { rangeHolds, tileCount, tileRange, tileRanges, tilesOf } from '@karta/map-core/tile-ranges';
import type { BasemapArchive } from './basemap-archive.ts';
import type { Bounds } from './tile-math.ts';

/** What keeping a box's base map costs: the tiles the archive holds in it and their stored bytes. */
export interface BoxSize {
  tiles: number;
  bytes: number;
  maxZoom: number;
}

/**
 * The size of `box`'s base map from the archive's least zoom to `deepest` (or the archive's
 * deepest, if less): each tile of the box the archive holds, counted once with the bytes it is sent
 * as. A box needing more than `maxTiles` tiles is not walked: `{ tooMany }` says how many.
 * Entries with a run length stand for several tiles; each tile of the box is looked up on its
 * own, so a run counts for the tiles of it inside the box.
 */
export async function boxSize(
  archive: BasemapArchive,
  box: Bounds,
  deepest: number,
  maxTiles: number,
): Promise<BoxSize | { tooMany: number }> {
  const maxZoom = Math.min(deepest, archive.maxZoom);
  const ranges = tileRanges(box, archive.minZoom, maxZoom);
  const needed = ranges.reduce((sum, range) => sum + tileCount(range), 0);
  if (needed > maxTiles) return { tooMany: needed };
  // Only where the archive has tiles at all: the rest of a box holds none.
  const held = new Map(ranges.map(({ z }) => [z, tileRange(archive.bounds, z)]));
  let tiles = 0;
  let bytes = 0;
  for (const { z, x, y } of tilesOf(ranges)) {
    const archiveRange = held.get(z);
    if (!archiveRange || !rangeHolds(archiveRange, x, y)) continue;
    const entry = await archive.entry(z, x, y);
    if (!entry) continue;
    tiles += 1;
    bytes += entry.length;
  }
  return { tiles, bytes, maxZoom };
}
