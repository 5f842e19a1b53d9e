import { isShared, newArray } from './grow-array.ts';
import type { PlaceStore } from './place-store.ts';
import { RangeExtremes } from './range-extremes.ts';
import { morton } from './units.ts';

/**
 * A set of places sorted by Morton code, so every quadtree cell at every level is a contiguous
 * range, with what a cell's aggregate needs in constant time: its count from the range, its sums
 * of unit x and y from prefix sums, and the extremes of its latitudes and longitudes from sparse
 * tables. Immutable except for tombstones: a removed place stays in the arrays, marked dead, and
 * every aggregate leaves it out, until the next compaction builds a fresh base. The arrays may be
 * shared with other threads (`image`, `adopt`); the tombstones are each thread's own.
 */
export class SortedBase {
  /** Tombstoned positions, ascending. */
  private readonly deadPositions: number[] = [];
  /** Each position's place radius (−1 for none) and their range maxima: made at first use. */
  private reaches: RangeExtremes | undefined;
  readonly dead: Uint8Array;
  readonly minLat: RangeExtremes;
  readonly maxLat: RangeExtremes;
  readonly minLng: RangeExtremes;
  readonly maxLng: RangeExtremes;

  private constructor(
    readonly codes: Float64Array,
    readonly slots: Int32Array,
    /** sumX[i] is the sum of unit x over positions before i (length n + 1); sumY likewise. */
    readonly sumX: Float64Array,
    readonly sumY: Float64Array,
    readonly lat: Float64Array,
    readonly lng: Float64Array,
    extremes: readonly [RangeExtremes, RangeExtremes, RangeExtremes, RangeExtremes],
  ) {
    this.dead = new Uint8Array(slots.length);
    [this.minLat, this.maxLat, this.minLng, this.maxLng] = extremes;
  }

  /** A base of the places in `slots`, which must be in Morton order; in shared memory when `shared`. */
  static build(store: PlaceStore, slots: Int32Array, shared = false): SortedBase {
    const n = slots.length;
    const codes = newArray(Float64Array, n, shared);
    const sumX = newArray(Float64Array, n + 1, shared);
    const sumY = newArray(Float64Array, n + 1, shared);
    const lat = newArray(Float64Array, n, shared);
    const lng = newArray(Float64Array, n, shared);
    let sorted = slots;
    if (shared && !isShared(slots)) {
      sorted = newArray(Int32Array, n, true);
      sorted.set(slots);
    }
    let sx = 0;
    let sy = 0;
    for (let i = 0; i < n; i++) {
      const slot = slots[i] as number;
      const x = store.x[slot] as number;
      const y = store.y[slot] as number;
      codes[i] = morton(x, y);
      sx += x;
      sy += y;
      sumX[i + 1] = sx;
      sumY[i + 1] = sy;
      lat[i] = store.lat[slot] as number;
      lng[i] = store.lng[slot] as number;
    }
    return new SortedBase(codes, sorted, sumX, sumY, lat, lng, [
      RangeExtremes.of(lat, 1, shared),
      RangeExtremes.of(lat, -1, shared),
      RangeExtremes.of(lng, 1, shared),
      RangeExtremes.of(lng, -1, shared),
    ]);
  }

  /** The base's arrays, for another thread to `adopt` (shared when built so). */
  image(): SortedBaseImage {
    const { codes, slots, sumX, sumY, lat, lng } = this;
    const levels = [this.minLat, this.maxLat, this.minLng, this.maxLng].map((each) => each.levels);
    return { codes, slots, sumX, sumY, lat, lng, levels };
  }

  /** The base of an image, with no tombstones. */
  static adopt({ codes, slots, sumX, sumY, lat, lng, levels }: SortedBaseImage): SortedBase {
    const [minLat = [], maxLat = [], minLng = [], maxLng = []] = levels;
    return new SortedBase(codes, slots, sumX, sumY, lat, lng, [
      RangeExtremes.adopt(lat, 1, minLat),
      RangeExtremes.adopt(lat, -1, maxLat),
      RangeExtremes.adopt(lng, 1, minLng),
      RangeExtremes.adopt(lng, -1, maxLng),
    ]);
  }

  get length(): number {
    return this.slots.length;
  }

  get deadCount(): number {
    return this.deadPositions.length;
  }

  /** The first position in [lo, hi) whose code is at least `code`, else hi. */
  lowerBound(code: number, lo: number, hi: number): number {
    const codes = this.codes;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((codes[mid] as number) < code) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Marks a position dead; its place no longer counts anywhere. */
  kill(position: number): void {
    if (this.dead[position]) return;
    this.dead[position] = 1;
    const at = firstAtLeast(this.deadPositions, position);
    this.deadPositions.splice(at, 0, position);
  }

  /** The index in the ascending dead positions of the first one at or after `position`. */
  firstDeadFrom(position: number): number {
    return firstAtLeast(this.deadPositions, position);
  }

  /**
   * The largest place radius in metres among positions [lo, hi) (tombstones included), −1 when
   * none has one: how far a place there can reach. The first call builds the table (linear), so
   * only the bases asked what covers a point pay for it, in memory as in time.
   */
  maxReach(store: PlaceStore, lo: number, hi: number): number {
    if (lo >= hi) return -1;
    if (!this.reaches) {
      const values = new Float64Array(this.slots.length);
      for (let i = 0; i < values.length; i++) {
        const radius = store.radiusOf(this.slots[i] as number);
        values[i] = Number.isNaN(radius) ? -1 : radius;
      }
      this.reaches = RangeExtremes.of(values, -1);
    }
    return this.reaches.valueAt(this.reaches.best(lo, hi));
  }

  /** Places in positions [lo, hi) that are not tombstones. */
  liveIn(lo: number, hi: number): number {
    return hi - lo - (this.firstDeadFrom(hi) - this.firstDeadFrom(lo));
  }

  /** The dead position at `index` of the ascending list (past the end: Infinity). */
  deadAt(index: number): number {
    return this.deadPositions[index] ?? Number.POSITIVE_INFINITY;
  }

  /** The unit x of the place at a position (exact: a difference of exact integer sums). */
  xAt(position: number): number {
    return (this.sumX[position + 1] as number) - (this.sumX[position] as number);
  }

  yAt(position: number): number {
    return (this.sumY[position + 1] as number) - (this.sumY[position] as number);
  }

  /**
   * The position of the best live value of `extremes` in [lo, hi), or −1 when every place there is
   * dead: when the best one is dead, the best of the parts on either side of it.
   */
  bestLive(extremes: RangeExtremes, lo: number, hi: number): number {
    if (lo >= hi) return -1;
    const best = extremes.best(lo, hi);
    if (!this.dead[best]) return best;
    return extremes.better(this.bestLive(extremes, lo, best), this.bestLive(extremes, best + 1, hi));
  }
}

function firstAtLeast(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A sorted base's arrays (see SortedBase.image), its extremes' tables as min/max lat, min/max lng. */
export interface SortedBaseImage {
  codes: Float64Array;
  slots: Int32Array;
  sumX: Float64Array;
  sumY: Float64Array;
  lat: Float64Array;
  lng: Float64Array;
  levels: (readonly Int32Array[])[];
}
