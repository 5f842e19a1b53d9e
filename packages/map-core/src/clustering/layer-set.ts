import { Layer } from './layer.ts';
import type { PlaceStore } from './place-store.ts';
import {
  adoptPositions,
  type SlotPositions,
  type SlotPositionsImage,
  slotPositions,
} from './slot-positions.ts';
import { SortedBase, type SortedBaseImage } from './sorted-base.ts';
import type { ClusterIndexScope } from './types.ts';

/**
 * The layers of one set of places (every place, those open now, or those a value filter matches):
 * all of them in one layer and each category's in its own, every base in Morton order, with where
 * each place sits in the bases so that a change can tombstone it. A half the index's scope leaves out is null. The positions
 * belong to the bases of this set: a compaction builds a new set, so none outlives its base.
 */
export class LayerSet {
  private constructor(
    private readonly store: PlaceStore,
    /** Null when built with scope `categories`. */
    private readonly all: Layer | null,
    /** By category index of the store; null when built with scope `all`. */
    private readonly byCategory: Layer[] | null,
    /** Position of a member slot's place in the all-places base and its category's base, or −1. */
    private readonly positions: SlotPositions,
  ) {}

  /**
   * The layers of the places in `sorted` (slots in Morton order) that `scope` asks for; their
   * bases and positions in shared memory when `shared`, for other threads to adopt (`image`).
   */
  static build(store: PlaceStore, sorted: Int32Array, scope: ClusterIndexScope, shared = false): LayerSet {
    const positions = slotPositions(store.used, sorted, shared);
    let all: Layer | null = null;
    if (scope !== 'categories') {
      all = new Layer(SortedBase.build(store, sorted, shared));
      for (let i = 0; i < sorted.length; i++) positions.setAll(sorted[i] as number, i);
    }
    const byCategory = scope === 'all' ? null : splitByCategory(store, sorted, positions, shared);
    return new LayerSet(store, all, byCategory, positions);
  }

  /**
   * The bases and positions of a set just built (no change since), for another thread's `adopt`;
   * shared when built so.
   */
  image(): LayerSetImage {
    return {
      all: this.all?.base.image() ?? null,
      byCategory: this.byCategory?.map((layer) => layer.base.image()) ?? null,
      positions: this.positions.image(),
    };
  }

  /** The set of an image over `store` (the same places in this thread), with empty deltas. */
  static adopt(store: PlaceStore, { all, byCategory, positions }: LayerSetImage): LayerSet {
    return new LayerSet(
      store,
      all ? new Layer(SortedBase.adopt(all)) : null,
      byCategory?.map((base) => new Layer(SortedBase.adopt(base))) ?? null,
      adoptPositions(positions),
    );
  }

  /** Places in the bases (tombstones included) and the deltas: what the set's memory follows. */
  get held(): number {
    if (this.all) return this.all.base.length + this.all.delta.length;
    let held = 0;
    for (const layer of this.byCategory ?? []) held += layer.base.length + layer.delta.length;
    return held;
  }

  /** Adds the place in `slot` (not a member) to the deltas of its layers. */
  insert(slot: number): void {
    // A slot may have been a member before (freed and reused, or closed and reopened): its old
    // base positions are tombstones now, and it comes back in the deltas.
    this.positions.forget(slot);
    this.all?.insert(slot);
    if (this.byCategory) this.categoryLayer(this.store.category[slot] as number).insert(slot);
  }

  /** Takes the place in `slot` (a member, still stored) out of its layers. */
  delete(slot: number): void {
    this.all?.delete(slot, this.positions.all(slot));
    const category = this.store.category[slot] as number;
    this.byCategory?.[category]?.delete(slot, this.positions.category(slot));
  }

  /** The layers a filter reads: all places, or the asked categories' (summed cell by cell). */
  read(categories: readonly string[] | undefined): Layer[] {
    if (categories === undefined || categories.length === 0) {
      if (!this.all) throw new Error('This index was built for category filters only (scope: categories)');
      return [this.all];
    }
    if (!this.byCategory) throw new Error('This index was built without category filters (scope: all)');
    const asked = new Set<number>();
    for (const slug of categories) {
      const category = this.store.categoryOf(slug);
      if (category !== undefined) asked.add(category);
    }
    const layers = this.byCategory.filter((layer, category) => asked.has(category) && layer.size > 0);
    // Every non-empty category asked for is the same set as no filter: one layer reads faster.
    const nonEmpty = this.byCategory.filter((layer) => layer.size > 0).length;
    if (this.all && layers.length === nonEmpty && layers.length > 1) return [this.all];
    return layers;
  }

  /** The layer of a category index, made (empty) for a category first seen since compaction. */
  private categoryLayer(category: number): Layer {
    const layers = this.byCategory as Layer[];
    while (layers.length <= category) layers.push(Layer.empty(this.store));
    return layers[category] as Layer;
  }
}

/**
 * The sorted places split into one layer per category of the store, each still in Morton order,
 * with each place's position in its category's base written to `positions`.
 */
function splitByCategory(
  store: PlaceStore,
  sorted: Int32Array,
  positions: SlotPositions,
  shared: boolean,
): Layer[] {
  const categories = store.categories.length;
  const offsets = new Int32Array(categories + 1);
  for (const slot of sorted) {
    const c = (store.category[slot] as number) + 1;
    offsets[c] = (offsets[c] as number) + 1;
  }
  for (let c = 0; c < categories; c++) offsets[c + 1] = (offsets[c + 1] as number) + (offsets[c] as number);
  const next = offsets.slice(0, categories);
  const split = new Int32Array(sorted.length);
  for (const slot of sorted) {
    const category = store.category[slot] as number;
    const at = next[category] as number;
    split[at] = slot;
    next[category] = at + 1;
    positions.setCategory(slot, at - (offsets[category] as number));
  }
  const layers: Layer[] = [];
  for (let c = 0; c < categories; c++) {
    const slots = split.subarray(offsets[c] as number, offsets[c + 1] as number);
    layers.push(new Layer(SortedBase.build(store, slots, shared)));
  }
  return layers;
}

/** The arrays of a layer set (LayerSet.image). */
export interface LayerSetImage {
  all: SortedBaseImage | null;
  byCategory: SortedBaseImage[] | null;
  positions: SlotPositionsImage;
}
