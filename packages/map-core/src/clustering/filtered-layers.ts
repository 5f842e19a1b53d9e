import { canonicalFilters } from './filter-key.ts';
import { grown } from './grow-array.ts';
import { LayerSet } from './layer-set.ts';
import { mortonOrder } from './morton-order.ts';
import type { PlaceStore } from './place-store.ts';
import type { ClusterIndexScope, ValueFilter } from './types.ts';
import { matchesFilters } from './value-filters.ts';
import { NO_VALUES } from './value-sets.ts';

/** The most value filters whose places are kept at once. */
export const MAX_CACHED_FILTERS = 16;

/**
 * The most places the kept filters' layer sets hold together, per place of the index: as many as
 * the index's own two sets (every place, every open place) can hold.
 */
const HELD_PER_PLACE = 2;

const UNKNOWN = 0;
const MATCH = 1;
const NO_MATCH = 2;

/**
 * The layer sets of the places that recently asked value filters match, so that a user panning a
 * filtered map reads a set of only those places, as the open-now layers are read, and no query
 * scans every place. A filter's set is built on its first query (one pass over the store, a radix
 * sort of the matching places), its open-now twin on its first query with `openNow`; every change
 * after that goes to the delta of each kept set whose filter the place matches, exactly as to the
 * index's own sets. So a filtered answer is that of an index of only the matching places.
 *
 * Bounded: at most MAX_CACHED_FILTERS filters, and at most HELD_PER_PLACE × size places held by
 * their sets together, checked whenever a set is built (a place held costs about 50 bytes per base
 * it is in, two with scope `both`, plus at most 32 for its positions): so the kept sets take at
 * most about as much memory as the index's own layers. The least recently read filters are
 * dropped first, never the one just read (which alone holds at most that). Between builds the
 * sets grow only by their deltas: the index drops every set when it compacts and every open twin
 * when it rebuilds its open layers, so no delta outgrows the compaction bound, and each set is
 * rebuilt on its next query.
 */
export class FilteredLayers {
  /** By canonical key, least recently read first. */
  private readonly entries = new Map<string, FilterEntry>();

  constructor(
    private readonly store: PlaceStore,
    private readonly scope: ClusterIndexScope,
  ) {}

  /** Filters kept. */
  get size(): number {
    return this.entries.size;
  }

  /** Places held by the kept sets, tombstones and deltas included. */
  get held(): number {
    let held = 0;
    for (const entry of this.entries.values()) held += entry.held;
    return held;
  }

  /** The layers of the places passing every filter of a non-empty list (and open now, when asked). */
  read(filters: readonly ValueFilter[], openNow: boolean): LayerSet {
    const { key, filters: canonical } = canonicalFilters(filters);
    let entry = this.entries.get(key);
    let built = false;
    if (entry) {
      this.entries.delete(key);
    } else {
      entry = new FilterEntry(this.store, canonical, this.scope);
      built = true;
    }
    this.entries.set(key, entry);
    if (openNow && !entry.open) {
      entry.open = entry.build(true);
      built = true;
    }
    if (built) this.evict();
    return openNow ? (entry.open as LayerSet) : entry.layers;
  }

  /** Adds a place just stored to the sets whose filter it matches. */
  insert(slot: number): void {
    const open = this.store.open[slot] === 1;
    for (const entry of this.entries.values()) {
      if (!entry.matches(slot)) continue;
      entry.layers.insert(slot);
      if (open) entry.open?.insert(slot);
    }
  }

  /** Takes a place, still stored, out of the sets that hold it. */
  delete(slot: number): void {
    const open = this.store.open[slot] === 1;
    for (const entry of this.entries.values()) {
      if (!entry.matches(slot)) continue;
      entry.layers.delete(slot);
      if (open) entry.open?.delete(slot);
    }
  }

  /** Moves a place that just opened or closed (by the store's open bit) in or out of the open twins. */
  flip(slot: number): void {
    const open = this.store.open[slot] === 1;
    for (const entry of this.entries.values()) {
      if (!entry.open || !entry.matches(slot)) continue;
      if (open) entry.open.insert(slot);
      else entry.open.delete(slot);
    }
  }

  /** Forgets the open twins: the index rebuilt its open layers, and these are rebuilt when asked. */
  dropOpen(): void {
    for (const entry of this.entries.values()) entry.open = null;
  }

  /** Forgets every set: the index compacts, and may give value-set ids new meanings. */
  clear(): void {
    this.entries.clear();
  }

  /** Drops the least recently read filters until the bounds hold, keeping the one read last. */
  private evict(): void {
    const budget = HELD_PER_PLACE * this.store.size;
    let held = this.held;
    for (const [key, entry] of this.entries) {
      if (this.entries.size === 1) break;
      if (this.entries.size <= MAX_CACHED_FILTERS && held <= budget) break;
      this.entries.delete(key);
      held -= entry.held;
    }
  }
}

/** One filter's matching places and, once asked, its matching places open now. */
class FilterEntry {
  readonly layers: LayerSet;
  open: LayerSet | null = null;
  /** Whether each combination of values passes, by value-set id: filters are tested per combination. */
  private verdicts: Uint8Array;

  constructor(
    private readonly store: PlaceStore,
    /** The canonical copy: a caller changing its own filters later changes nothing here. */
    private readonly filters: readonly ValueFilter[],
    private readonly scope: ClusterIndexScope,
  ) {
    this.verdicts = new Uint8Array(store.valueSetLimit);
    this.layers = this.build(false);
  }

  get held(): number {
    return this.layers.held + (this.open?.held ?? 0);
  }

  /** Whether the place in a slot passes the filters. */
  matches(slot: number): boolean {
    const id = this.store.valueSet[slot] as number;
    if (id === NO_VALUES) return this.filters.length === 0;
    this.verdicts = grown(this.verdicts, id + 1);
    let verdict = this.verdicts[id] as number;
    if (verdict === UNKNOWN) {
      verdict = matchesFilters(this.store.valuesOf(id), this.filters) ? MATCH : NO_MATCH;
      this.verdicts[id] = verdict;
    }
    return verdict === MATCH;
  }

  /** The layers of the live matching places (only the open ones when `open`), from the store. */
  build(open: boolean): LayerSet {
    const store = this.store;
    const slots = store.liveSlots().filter((slot) => (!open || store.open[slot] === 1) && this.matches(slot));
    return LayerSet.build(store, mortonOrder(store, slots), this.scope);
  }
}
