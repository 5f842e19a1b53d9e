import { newArray } from './grow-array.ts';

/** Positions per block: ranges up to two blocks long are scanned, longer ones use the table. */
const BLOCK = 32;
const BLOCK_BITS = 5;

/**
 * The position of the smallest (or largest) value in any range of a fixed array in constant time:
 * a sparse table over blocks of 32 values (level j holds the best of 2^j blocks from each block),
 * plus a scan of the partial blocks at both ends. It takes n/32 · log2(n/32) positions, about
 * 2 MB for a million values, where a table over single values would take 80 MB.
 */
export class RangeExtremes {
  private constructor(
    private readonly values: Float64Array,
    private readonly sign: 1 | -1,
    /** The table's levels: shared, immutable once made, with the values (see ClusterIndex.follow). */
    readonly levels: readonly Int32Array[],
  ) {}

  /** The table of `values`; `sign` 1 finds the smallest value, −1 the largest. In shared memory when `shared`. */
  static of(values: Float64Array, sign: 1 | -1, shared = false): RangeExtremes {
    const levels: Int32Array[] = [];
    const extremes = new RangeExtremes(values, sign, levels);
    const blocks = Math.ceil(values.length / BLOCK);
    if (blocks === 0) return extremes;
    const first = newArray(Int32Array, blocks, shared);
    for (let b = 0; b < blocks; b++) {
      first[b] = extremes.scan(b * BLOCK, Math.min(values.length, (b + 1) * BLOCK));
    }
    levels.push(first);
    for (let width = 2; width <= blocks; width *= 2) {
      const below = levels[levels.length - 1] as Int32Array;
      const level = newArray(Int32Array, blocks - width + 1, shared);
      const half = width / 2;
      for (let b = 0; b < level.length; b++) {
        level[b] = extremes.better(below[b] as number, below[b + half] as number);
      }
      levels.push(level);
    }
    return extremes;
  }

  /** A table made by `of` (its levels, perhaps in another thread) over the same values. */
  static adopt(values: Float64Array, sign: 1 | -1, levels: readonly Int32Array[]): RangeExtremes {
    return new RangeExtremes(values, sign, levels);
  }

  /** The position of the best value in [lo, hi), which must not be empty. */
  best(lo: number, hi: number): number {
    if (hi - lo <= 2 * BLOCK) return this.scan(lo, hi);
    const firstBlock = (lo + BLOCK - 1) >> BLOCK_BITS;
    const endBlock = hi >> BLOCK_BITS;
    const span = endBlock - firstBlock;
    const j = 31 - Math.clz32(span);
    const level = this.levels[j] as Int32Array;
    let best = this.better(level[firstBlock] as number, level[endBlock - (1 << j)] as number);
    const head = firstBlock << BLOCK_BITS;
    if (lo < head) best = this.better(this.scan(lo, head), best);
    const tail = endBlock << BLOCK_BITS;
    if (tail < hi) best = this.better(best, this.scan(tail, hi));
    return best;
  }

  /** The value at a position. */
  valueAt(position: number): number {
    return this.values[position] as number;
  }

  /** Of two positions, the one with the better value (the first when equal); −1 is no position. */
  better(a: number, b: number): number {
    if (a < 0) return b;
    if (b < 0) return a;
    return this.sign * ((this.values[b] as number) - (this.values[a] as number)) < 0 ? b : a;
  }

  private scan(lo: number, hi: number): number {
    const values = this.values;
    let best = lo;
    let bestValue = this.sign * (values[lo] as number);
    for (let i = lo + 1; i < hi; i++) {
      const value = this.sign * (values[i] as number);
      if (value < bestValue) {
        best = i;
        bestValue = value;
      }
    }
    return best;
  }
}
