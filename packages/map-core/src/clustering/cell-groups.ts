import { grown } from './grow-array.ts';

/**
 * Groups of cells: group g holds `members[start[g]…start[g + 1])` and is known by its `seed` cell.
 * The buffers are reused from query to query (and grown when short), so a query allocates no
 * arrays. Groups never outnumber cells, so every per-group buffer is sized by the cells.
 */
export class CellGroups {
  groupCount = 0;
  start = new Int32Array(257);
  members = new Int32Array(256);
  count = new Float64Array(256);
  sumX = new Float64Array(256);
  sumY = new Float64Array(256);
  /** The cell whose code is the group's id, and the place count of the greedy group it seeded. */
  seed = new Int32Array(256);
  seedWeight = new Float64Array(256);
  /** Cells by descending count (see heaviestFirst), with its sort keys and buffers. */
  order = new Int32Array(256);
  scratch = new Int32Array(256);
  keys = new Uint32Array(256);
  readonly buckets = new Int32Array(256);
  taken = new Uint8Array(256);
  /** Merging (see mergeCloseGroups): groups merged into a group, chained, and whether it is live. */
  chainNext = new Int32Array(256);
  chainLast = new Int32Array(256);
  alive = new Uint8Array(256);
  /** A hash of the groups' centres: first group per bucket, next group in the same bucket. */
  bucketHead = new Int32Array(256);
  bucketNext = new Int32Array(256);
  /** Where keepAlive writes the merged groups' cells, swapped with `start` and `members`. */
  private nextStart = new Int32Array(257);
  private nextMembers = new Int32Array(256);

  /** Room for `cells` cells (the buffers' contents need not survive). */
  reserve(cells: number): void {
    if (this.members.length >= cells) return;
    this.start = grown(this.start, cells + 1);
    this.members = grown(this.members, cells);
    this.count = grown(this.count, cells);
    this.sumX = grown(this.sumX, cells);
    this.sumY = grown(this.sumY, cells);
    this.seed = grown(this.seed, cells);
    this.seedWeight = grown(this.seedWeight, cells);
    this.order = grown(this.order, cells);
    this.scratch = grown(this.scratch, cells);
    this.keys = grown(this.keys, cells);
    this.taken = grown(this.taken, cells);
    this.chainNext = grown(this.chainNext, cells);
    this.chainLast = grown(this.chainLast, cells);
    this.alive = grown(this.alive, cells);
    this.bucketNext = grown(this.bucketNext, cells);
    this.nextStart = grown(this.nextStart, cells + 1);
    this.nextMembers = grown(this.nextMembers, cells);
  }

  /**
   * Hashes the live groups' centres into `cols` × `rows` buckets of `size` units from
   * (originX, originY); each bucket lists its groups in ascending order.
   */
  hashCentres(
    originX: number,
    originY: number,
    size: number,
    cols: number,
    rows: number,
  ): { bucketHead: Int32Array; bucketNext: Int32Array } {
    this.bucketHead = grown(this.bucketHead, cols * rows);
    const { bucketHead, bucketNext, count, sumX, sumY, alive } = this;
    bucketHead.fill(-1, 0, cols * rows);
    for (let g = this.groupCount - 1; g >= 0; g--) {
      if (!alive[g]) continue;
      const col = Math.floor(((sumX[g] as number) / (count[g] as number) - originX) / size);
      const row = Math.floor(((sumY[g] as number) / (count[g] as number) - originY) / size);
      const bucket = row * cols + col;
      bucketNext[g] = bucketHead[bucket] as number;
      bucketHead[bucket] = g;
    }
    return { bucketHead, bucketNext };
  }

  /** Drops the groups merged into others, each live group taking the cells of its chain, in order. */
  keepAlive(): void {
    const { start, members, nextStart, nextMembers, chainNext, alive } = this;
    let kept = 0;
    let m = 0;
    // Writing group `kept` never overwrites an unread one: kept ≤ g, and a chain reads only `start`.
    for (let g = 0; g < this.groupCount; g++) {
      if (!alive[g]) continue;
      nextStart[kept] = m;
      for (let c = g; c >= 0; c = chainNext[c] as number) {
        for (let i = start[c] as number; i < (start[c + 1] as number); i++)
          nextMembers[m++] = members[i] as number;
      }
      this.count[kept] = this.count[g] as number;
      this.sumX[kept] = this.sumX[g] as number;
      this.sumY[kept] = this.sumY[g] as number;
      this.seed[kept] = this.seed[g] as number;
      this.seedWeight[kept] = this.seedWeight[g] as number;
      kept++;
    }
    nextStart[kept] = m;
    this.groupCount = kept;
    [this.start, this.nextStart] = [nextStart, start];
    [this.members, this.nextMembers] = [nextMembers, members];
  }
}
