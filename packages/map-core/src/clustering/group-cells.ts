import type { CellGroups } from './cell-groups.ts';
import type { CellWindow } from './cell-window.ts';

/**
 * Groups the window's cells greedily, heaviest cell first (ties by position in the window, row by
 * row from the north-west): a seed takes every free cell whose centre (the mean of its places) lies
 * within `radius` units of the seed's centre. Every input is an exact aggregate of the window's
 * places, so the groups are a function of the set of places and the query alone, never of the
 * order places were added in. Seeds are more than `radius` apart, but the groups' centres drift
 * towards their heavy cells: mergeCloseGroups then merges the groups that ended up close.
 */
export function groupCells(window: CellWindow, radius: number, groups: CellGroups): void {
  const n = window.cellCount;
  const { count, sumX, sumY, col, row, cellOf } = window;
  groups.reserve(n);
  groups.groupCount = 0;
  const order = heaviestFirst(window, groups);
  const taken = groups.taken;
  taken.fill(0, 0, n);
  // A cell's centre lies in the cell, so cells more than this many columns or rows away are too far.
  const reach = Math.ceil(radius / 2 ** window.shift);
  const radiusSquared = radius * radius;
  let m = 0;
  for (let o = 0; o < n; o++) {
    const seed = order[o] as number;
    if (taken[seed]) continue;
    taken[seed] = 1;
    const g = groups.groupCount++;
    groups.start[g] = m;
    groups.members[m++] = seed;
    const seedCount = count[seed] as number;
    let groupCount = seedCount;
    let gx = sumX[seed] as number;
    let gy = sumY[seed] as number;
    const cx = gx / seedCount;
    const cy = gy / seedCount;
    const seedCol = (col[seed] as number) - window.colStart;
    const seedRow = (row[seed] as number) - window.rowStart;
    const rowFirst = Math.max(0, seedRow - reach);
    const rowLast = Math.min(window.rows - 1, seedRow + reach);
    const colFirst = Math.max(0, seedCol - reach);
    const colLast = Math.min(window.cols - 1, seedCol + reach);
    for (let r = rowFirst; r <= rowLast; r++) {
      for (let c = colFirst; c <= colLast; c++) {
        const other = cellOf[r * window.cols + c] as number;
        if (other < 0 || taken[other]) continue;
        const otherCount = count[other] as number;
        const dx = (sumX[other] as number) / otherCount - cx;
        const dy = (sumY[other] as number) / otherCount - cy;
        if (dx * dx + dy * dy > radiusSquared) continue;
        taken[other] = 1;
        groups.members[m++] = other;
        groupCount += otherCount;
        gx += sumX[other] as number;
        gy += sumY[other] as number;
      }
    }
    groups.count[g] = groupCount;
    groups.sumX[g] = gx;
    groups.sumY[g] = gy;
    groups.seed[g] = seed;
    groups.seedWeight[g] = groupCount;
  }
  groups.start[groups.groupCount] = m;
}

/**
 * The window's cells by descending count, then by grid position: the cells listed in grid order
 * (a scan of the grid), then a stable LSD radix sort by `heaviest − count` in bytes, skipping
 * bytes that are the same for every cell. Several times faster than a comparison sort.
 */
function heaviestFirst(window: CellWindow, groups: CellGroups): Int32Array {
  const n = window.cellCount;
  const { cellOf, count } = window;
  let order = groups.order;
  let scratch = groups.scratch;
  const keys = groups.keys;
  let heaviest = 0;
  for (let i = 0; i < n; i++) heaviest = Math.max(heaviest, count[i] as number);
  let listed = 0;
  for (let slot = 0, slots = window.cols * window.rows; slot < slots; slot++) {
    const cell = cellOf[slot] as number;
    if (cell >= 0) order[listed++] = cell;
  }
  for (let i = 0; i < n; i++) keys[i] = heaviest - (count[i] as number);
  const buckets = groups.buckets;
  for (let shift = 0; shift < 32 && heaviest >>> shift > 0; shift += 8) {
    buckets.fill(0);
    for (let i = 0; i < n; i++) {
      const b = ((keys[i] as number) >>> shift) & 0xff;
      buckets[b] = (buckets[b] as number) + 1;
    }
    let start = 0;
    for (let b = 0; b < 256; b++) {
      const size = buckets[b] as number;
      buckets[b] = start;
      start += size;
    }
    for (let i = 0; i < n; i++) {
      const cell = order[i] as number;
      const b = ((keys[cell] as number) >>> shift) & 0xff;
      const at = buckets[b] as number;
      scratch[at] = cell;
      buckets[b] = at + 1;
    }
    [order, scratch] = [scratch, order];
  }
  return order;
}
