import type { PlaceStore } from './place-store.ts';
import { SortedBase } from './sorted-base.ts';

/**
 * One set of places a query can read (all places or one category's, of every place or of those
 * open now): a sorted base built at the last compaction, with tombstones for its places removed,
 * moved or closed since, plus a small delta of places added, moved or opened since, which a query
 * scans in full.
 */
export class Layer {
  /** Slots of the delta places, in no order. */
  readonly delta: number[] = [];
  private readonly deltaIndex = new Map<number, number>();

  constructor(readonly base: SortedBase) {}

  static empty(store: PlaceStore): Layer {
    return new Layer(SortedBase.build(store, new Int32Array(0)));
  }

  /** Live places in the layer. */
  get size(): number {
    return this.base.length - this.base.deadCount + this.delta.length;
  }

  insert(slot: number): void {
    this.deltaIndex.set(slot, this.delta.length);
    this.delta.push(slot);
  }

  /** Takes out the place in `slot`, at `basePosition` in the base or, when −1, in the delta. */
  delete(slot: number, basePosition: number): void {
    if (basePosition >= 0) {
      this.base.kill(basePosition);
      return;
    }
    const at = this.deltaIndex.get(slot);
    if (at === undefined) return;
    const last = this.delta.pop() as number;
    this.deltaIndex.delete(slot);
    if (last !== slot) {
      this.delta[at] = last;
      this.deltaIndex.set(last, at);
    }
  }
}
