import type { BasemapArchive } from './basemap-archive.ts';
import { type Bounds, type TileRange, tileRange, tilesIn } from './tile-math.ts';

/** What keeping a box's base map costs: the tiles the archive holds in it and their stored bytes. */
export interface BoxSize {
  tiles: number;
  bytes: number;
  maxZoom: number;
}

/** A box crossing the antimeridian (west above east) as the two boxes either side of it. */
function sides(box: Bounds): Bounds[] {
  return box.west <= box.east
    ? [box]
    : [
        { ...box, east: 180 },
        { ...box, west: -180 },
      ];
}

/** The tile ranges of `box` at each zoom from `minZoom` to `maxZoom`. */
export function boxRanges(box: Bounds, minZoom: number, maxZoom: number): TileRange[] {
  const ranges: TileRange[] = [];
  for (let z = minZoom; z <= maxZoom; z++) {
    for (const side of sides(box)) ranges.push(tileRange(side, z));
  }
  return ranges;
}

/** The part of `range` inside `within` (same zoom), or null when they do not meet. */
function overlap(range: TileRange, within: TileRange): TileRange | null {
  const clipped = {
    z: range.z,
    minX: Math.max(range.minX, within.minX),
    maxX: Math.min(range.maxX, within.maxX),
    minY: Math.max(range.minY, within.minY),
    maxY: Math.min(range.maxY, within.maxY),
  };
  return clipped.minX <= clipped.maxX && clipped.minY <= clipped.maxY ? clipped : null;
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
  const ranges = boxRanges(box, archive.minZoom, maxZoom);
  const needed = ranges.reduce((sum, range) => sum + tilesIn(range), 0);
  if (needed > maxTiles) return { tooMany: needed };
  let tiles = 0;
  let bytes = 0;
  for (const range of ranges) {
    // Only where the archive has tiles at all: the rest of a box holds none.
    const held = overlap(range, tileRange(archive.bounds, range.z));
    if (!held) continue;
    for (let x = held.minX; x <= held.maxX; x++) {
      for (let y = held.minY; y <= held.maxY; y++) {
        const entry = await archive.entry(range.z, x, y);
        if (!entry) continue;
        tiles += 1;
        bytes += entry.length;
      }
    }
  }
  return { tiles, bytes, maxZoom };
}
