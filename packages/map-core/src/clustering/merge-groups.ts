import type { CellGroups } from './cell-groups.ts';
import type { CellWindow } from './cell-window.ts';

/**
 * Merges groups whose centres lie within `radius` units of each other, until no two do. The greedy
 * grouping keeps seeds apart, but a group's weighted centre drifts from its seed towards its heavy
 * cells, so two groups (or a group and a lone place) can end up 45–60 px apart and their icons
 * overlap. A merged group sums the counts and coordinate sums (its centre is the exact weighted
 * centroid of all its places), holds the cells of both, and keeps the id of its heaviest greedy
 * group (ties: the lower cell code).
 *
 * Each pass visits the groups in order and checks the 3 × 3 buckets of a hash of radius-sized
 * buckets around each group's current centre, so a pass is near-linear. A merge moves the centre,
 * so passes repeat until one merges nothing; every merge removes a group, which bounds the passes.
 * Everything depends only on the groups, which depend only on the set of places and the query.
 */
export function mergeCloseGroups(window: CellWindow, radius: number, groups: CellGroups): void {
  const n = groups.groupCount;
  if (n < 2) return;
  const { count, sumX, sumY, chainNext, chainLast, alive } = groups;
  for (let g = 0; g < n; g++) {
    chainNext[g] = -1;
    chainLast[g] = g;
    alive[g] = 1;
  }
  const cellUnits = 2 ** window.shift;
  const originX = window.colStart * cellUnits;
  const originY = window.rowStart * cellUnits;
  // Every centre lies in the window's cells, so these buckets cover them all.
  const bucketCols = Math.floor((window.cols * cellUnits) / radius) + 1;
  const bucketRows = Math.floor((window.rows * cellUnits) / radius) + 1;
  const radiusSquared = radius * radius;
  let mergedAny = false;
  for (let merged = true; merged; ) {
    merged = false;
    const { bucketHead, bucketNext } = groups.hashCentres(originX, originY, radius, bucketCols, bucketRows);
    for (let g = 0; g < n; g++) {
      if (!alive[g]) continue;
      let cx = (sumX[g] as number) / (count[g] as number);
      let cy = (sumY[g] as number) / (count[g] as number);
      const col = Math.floor((cx - originX) / radius);
      const row = Math.floor((cy - originY) / radius);
      for (let r = Math.max(0, row - 1); r <= Math.min(bucketRows - 1, row + 1); r++) {
        for (let c = Math.max(0, col - 1); c <= Math.min(bucketCols - 1, col + 1); c++) {
          for (let h = bucketHead[r * bucketCols + c] as number; h >= 0; h = bucketNext[h] as number) {
            if (h === g || !alive[h]) continue;
            const dx = (sumX[h] as number) / (count[h] as number) - cx;
            const dy = (sumY[h] as number) / (count[h] as number) - cy;
            if (dx * dx + dy * dy > radiusSquared) continue;
            absorb(window, groups, g, h);
            merged = true;
            cx = (sumX[g] as number) / (count[g] as number);
            cy = (sumY[g] as number) / (count[g] as number);
          }
        }
      }
    }
    mergedAny ||= merged;
  }
  if (mergedAny) groups.keepAlive();
}

/** Adds group `h` to group `g`; `g` keeps the id of the heavier greedy group of the two. */
function absorb(window: CellWindow, groups: CellGroups, g: number, h: number): void {
  const { count, sumX, sumY, seed, seedWeight, chainNext, chainLast, alive } = groups;
  count[g] = (count[g] as number) + (count[h] as number);
  sumX[g] = (sumX[g] as number) + (sumX[h] as number);
  sumY[g] = (sumY[g] as number) + (sumY[h] as number);
  const heavier =
    (seedWeight[h] as number) - (seedWeight[g] as number) ||
    (window.code[seed[g] as number] as number) - (window.code[seed[h] as number] as number);
  if (heavier > 0) {
    seed[g] = seed[h] as number;
    seedWeight[g] = seedWeight[h] as number;
  }
  chainNext[chainLast[g] as number] = h;
  chainLast[g] = chainLast[h] as number;
  alive[h] = 0;
}
