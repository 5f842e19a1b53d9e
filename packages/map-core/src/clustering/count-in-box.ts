import type { Bounds } from '../types.ts';
import type { Layer } from './layer.ts';
import type { PlaceStore } from './place-store.ts';
import type { SortedBase } from './sorted-base.ts';
import { UNIT_BITS, unitX, unitY } from './units.ts';

/** A box that does not cross the antimeridian, in degrees and in the unit cells its edges lie in. */
interface CountBox {
  west: number;
  south: number;
  east: number;
  north: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** Ranges of at most this many places are checked place by place instead of split further. */
const SMALL_RANGE = 64;

/**
 * The boxes of a bbox (two across the antimeridian, `west > east`), with the unit cells that hold
 * their edges widened by `tolerance` degrees: a place `tolerance` outside an edge still counts.
 */
function countBoxes({ west, south, east, north }: Bounds, tolerance: number): CountBox[] {
  const parts: [number, number, number, number][] =
    west <= east
      ? [[west, south, east, north]]
      : [
          [west, south, 180, north],
          [-180, south, east, north],
        ];
  return parts.map(([w, s, e, n]) => ({
    west: w,
    south: s,
    east: e,
    north: n,
    x0: unitX(w - tolerance),
    x1: unitX(e + tolerance),
    y0: unitY(n + tolerance),
    y1: unitY(s - tolerance),
  }));
}

/**
 * Whether a position is in any box, comparing as `a − b ≤ tolerance` does (PostgreSQL's
 * geometric comparisons, whose `point <@ box` lists use, allow 1e-6).
 */
function inBoxes(lat: number, lng: number, boxes: readonly CountBox[], tolerance: number): boolean {
  for (const box of boxes) {
    if (
      lng - box.east <= tolerance &&
      box.west - lng <= tolerance &&
      lat - box.north <= tolerance &&
      box.south - lat <= tolerance
    ) {
      return true;
    }
  }
  return false;
}

/**
 * The live places of a layer in a bbox (inclusive edges, see `inBoxes`). The sorted base is walked
 * as an implicit quadtree: a node inside a box's inner cells counts whole from its range (less its
 * tombstones), one outside every box is skipped, and only the places in cells on a box's edge are
 * compared one by one; so the cost grows with the box's perimeter, not with its places.
 */
export function countInBox(layer: Layer, store: PlaceStore, bbox: Bounds, tolerance: number): number {
  const boxes = countBoxes(bbox, tolerance);
  let count = walk(layer.base, boxes, tolerance, 0, 0, 0, 0, 0, layer.base.length);
  for (const slot of layer.delta) {
    if (inBoxes(store.lat[slot] as number, store.lng[slot] as number, boxes, tolerance)) count += 1;
  }
  return count;
}

/** The quadtree node at `level`, column `cx`, row `cy`, whose codes start at `start`, holds [lo, hi). */
function walk(
  base: SortedBase,
  boxes: readonly CountBox[],
  tolerance: number,
  level: number,
  cx: number,
  cy: number,
  start: number,
  lo: number,
  hi: number,
): number {
  if (lo >= hi) return 0;
  const side = 2 ** (UNIT_BITS - level);
  const left = cx * side;
  const right = left + side - 1;
  const top = cy * side;
  const bottom = top + side - 1;
  let touches = false;
  for (const box of boxes) {
    if (right < box.x0 || left > box.x1 || bottom < box.y0 || top > box.y1) continue;
    // Cells strictly inside the edge cells hold only positions inside the box.
    if (left > box.x0 && right < box.x1 && top > box.y0 && bottom < box.y1) return base.liveIn(lo, hi);
    touches = true;
  }
  if (!touches) return 0;
  if (side === 1 || hi - lo <= SMALL_RANGE) {
    let count = 0;
    for (let i = lo; i < hi; i++) {
      if (!base.dead[i] && inBoxes(base.lat[i] as number, base.lng[i] as number, boxes, tolerance))
        count += 1;
    }
    return count;
  }
  const quarter = 4 ** (UNIT_BITS - level - 1);
  const m1 = base.lowerBound(start + quarter, lo, hi);
  const m2 = base.lowerBound(start + 2 * quarter, m1, hi);
  const m3 = base.lowerBound(start + 3 * quarter, m2, hi);
  const x = 2 * cx;
  const y = 2 * cy;
  return (
    walk(base, boxes, tolerance, level + 1, x, y, start, lo, m1) +
    walk(base, boxes, tolerance, level + 1, x + 1, y, start + quarter, m1, m2) +
    walk(base, boxes, tolerance, level + 1, x, y + 1, start + 2 * quarter, m2, m3) +
    walk(base, boxes, tolerance, level + 1, x + 1, y + 1, start + 3 * quarter, m3, hi)
  );
}
