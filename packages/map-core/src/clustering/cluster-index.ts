import { CLUSTER_GRID_SIZE_PX } from '../cluster-style.ts';
import { latToUnitY, lngToUnitX } from '../mercator.ts';
import type { Bounds } from '../types.ts';
import { answer } from './answer.ts';
import { CellGroups } from './cell-groups.ts';
import { CellWindow, FINE_CELL_BITS } from './cell-window.ts';
import { countInBox } from './count-in-box.ts';
import { FilteredLayers } from './filtered-layers.ts';
import { groupCells } from './group-cells.ts';
import { type IndexChange, type IndexChanges, type IndexImage, IndexJournal } from './index-journal.ts';
import type { Layer } from './layer.ts';
import { LayerSet, type LayerSetImage } from './layer-set.ts';
import { answerZoom } from './limits.ts';
import { mergeCloseGroups } from './merge-groups.ts';
import { mortonOrder } from './morton-order.ts';
import {
  countWithin,
  type DistanceOf,
  type NearHit,
  nearestPage,
  slotsWithin,
  withinReach,
} from './nearest.ts';
import { MAX_HOURS_ID, PlaceStore } from './place-store.ts';
import { type RankedHit, type RankedQuery, type RankedSlots, rankedPage, slotFilter } from './ranked-page.ts';
import type {
  ClusterIndexOptions,
  ClusterQuery,
  ClusterResult,
  CountQuery,
  IndexedPlace,
  MatchSelection,
  NearestQuery,
} from './types.ts';
import { UNIT_BITS, UNIT_ZOOM } from './units.ts';
import { valuesProblem } from './value-sets.ts';

/** The map's highest zoom: co-located places must still form a cluster there. */
const DEFAULT_MAX_ZOOM = 18;

/** The highest maxZoom: fine cells of 16 px at zoom 22 are single units. */
export const MAX_INDEX_ZOOM = UNIT_BITS - FINE_CELL_BITS;
/** Sets of matches kept laid out for the next viewport (`queryAmong`), and the places they may hold together. */
const MATCH_SETS = 16;
const MATCH_SET_PLACES = 2_000_000;

/**
 * How far past the view the cells read reach. The answer depends on the cells read (as
 * MarkerClustererPlus's does on its extended bounds); a wider margin keeps more of a view's
 * clusters the same when it pans. Over 300 pans of up to 200 px at 100k Zagreb places, 3.8% of
 * the clusters seen in both views changed with 60 px, 1.3% with 120 px, 0.6% with 180 px, for
 * about 1.3× and 1.7× the cells read.
 */
const WINDOW_MARGIN_PX = 2 * CLUSTER_GRID_SIZE_PX;

/** Changes since the last compaction that make the next change compact: at least this many… */
const COMPACT_MIN_CHANGES = 2000;
/** …or this share of the places, so compaction costs O(1) per change, amortised. */
const COMPACT_SHARE = 1 / 200;

/** An index being built (`ClusterIndex.startBuild`): places added one by one, then `finish`. */
export interface ClusterIndexBuild {
  /** Adds a place (one of an id added before replaces that one) and returns its slot. */
  add(place: IndexedPlace): number;
  /** The slot of the place of `id` added so far, if any. */
  slotOf(id: number): number | undefined;
  /** The index of the places added, those whose hours id is in `openHours` open now. */
  finish(openHours?: ReadonlySet<number>): ClusterIndex;
}

/**
 * Every published place, clustered per query: the viewport's non-empty 16-px cells (plus a 120-px
 * margin) are read from places sorted by Morton code, then grouped greedily at 60 px, heaviest
 * cell first, and groups whose centres end up within 60 px of each other are merged. The answer
 * is a function of the set of places (with whether each is open now) and the query only, so it is
 * the same after any sequence of changes as after a fresh `build` of the final places given the
 * same open hours; a query for places open now answers as an index of only those would.
 *
 * Changes cost O(log n) at most and never rebuild: `upsert` inserts a place or replaces the one
 * with its id (moved, renamed, recategorised, new hours), `remove` takes one out, and each place
 * that `setOpenHours` opens or closes is a change of the open-now layers. A changed place leaves a
 * tombstone in the sorted base and goes to a small delta every query scans; past
 * max(2 000, size / 200) changes the next change compacts (rebuilds the base from the live places
 * in linear time), or call `compact()` at a quiet moment. The open-now layers count their own
 * changes and, past the same bound, are rebuilt alone: at the minute most places open, only the
 * open places are sorted and laid out again. The index copies what it needs from the
 * given places (names as bytes, values once per distinct combination) and keeps no reference
 * to the place objects themselves.
 *
 * A query with value filters reads the layers of only the places they match, kept for the recently
 * asked filters and changed with every change like the index's own (see FilteredLayers): it
 * answers as an index of only the matching places would, and scans every place only on a filter's
 * first query after it was dropped or the index compacted.
 *
 * Built `shared`, the index keeps its places' columns and its layers' bases in shared memory and
 * records its changes, so that other threads can answer the same queries from the same memory:
 * each `follow`s an `image` of it and `apply`s its changes as `takeChanges` gives them (each
 * keeps its own deltas, tombstones, open bits and caches, a few bytes a place). The index writes
 * nothing a follower may be reading: a place's columns are written once, when it is put, a
 * compaction builds new bases, and a freed slot is given to a new place only once every follower
 * is past its freeing (`followersAt`).
 */
export class ClusterIndex {
  private readonly window = new CellWindow();
  private readonly groups = new CellGroups();
  /** Every place, and the places open now; built by `compact()`, which `build` calls. */
  private layers!: LayerSet;
  private openLayers!: LayerSet;
  /** The places of recently asked value filters; emptied by `compact()`. */
  private readonly filtered: FilteredLayers;
  /** The layers of recently asked sets of matches (`queryAmong`), most recent last; emptied by any change. */
  private readonly matchSets = new Map<string, MatchSet>();
  /** Changes in the deltas of every place's layers, and of the open-now layers. */
  private changes = 0;
  private openChanges = 0;
  /** A shared index's record of its changes; null when not shared. */
  private readonly journal: IndexJournal | null;
  /** In a follower, the number of the shared index's changes applied; null when not a follower. */
  private followed: number | null = null;

  private constructor(
    private readonly options: Required<Omit<ClusterIndexOptions, 'openHours' | 'shared'>>,
    private readonly store: PlaceStore,
    shared = false,
  ) {
    this.filtered = new FilteredLayers(this.store, options.scope);
    this.journal = shared ? new IndexJournal() : null;
  }

  /** An index of `places` (a later duplicate id replaces an earlier one) for zooms 0…`maxZoom`. */
  static build(places: readonly IndexedPlace[], options: ClusterIndexOptions = {}): ClusterIndex {
    for (const place of places) checkPlace(place);
    const build = ClusterIndex.startBuild(options);
    for (const place of places) build.add(place);
    return build.finish(options.openHours);
  }

  /**
   * An index built from places given a few at a time, as a loader reads them: the index keeps
   * what it needs of each at once, so none of the given places need be kept until the build.
   */
  static startBuild(options: Omit<ClusterIndexOptions, 'openHours'> = {}): ClusterIndexBuild {
    const maxZoom = options.maxZoom ?? DEFAULT_MAX_ZOOM;
    if (!Number.isInteger(maxZoom) || maxZoom < 0 || maxZoom > MAX_INDEX_ZOOM) {
      throw new RangeError(`maxZoom must be an integer from 0 to ${MAX_INDEX_ZOOM}, got ${maxZoom}`);
    }
    // Filled in its own memory, shared at the build's compaction (PlaceStore.share).
    const index = new ClusterIndex(
      { maxZoom, scope: options.scope ?? 'both' },
      new PlaceStore(),
      options.shared,
    );
    const { store } = index;
    return {
      add(place) {
        checkPlace(place);
        const old = store.slotOf(place.id);
        if (old !== undefined) store.delete(old);
        return store.add(place);
      },
      slotOf: (id) => store.slotOf(id),
      finish(openHours) {
        // Open from the start: the open layers are built with the rest, not moved in one by one.
        if (openHours) store.setOpenHours(openHours);
        index.compact();
        return index;
      },
    };
  }

  /** Number of places in the index. */
  get size(): number {
    return this.store.size;
  }

  /**
   * Changes since the last compaction: the most a query scans in a delta (each layer set has its
   * own; a change of an open place is one change of each).
   */
  get pendingChanges(): number {
    return Math.max(this.changes, this.openChanges);
  }

  /** Of those, the changes of the open-now layers (places that opened or closed, or open ones changed). */
  get pendingOpenChanges(): number {
    return this.openChanges;
  }

  /** Value filters whose places are kept (at most MAX_CACHED_FILTERS), and the places their layers hold. */
  get cachedFilters(): { filters: number; places: number } {
    return { filters: this.filtered.size, places: this.filtered.held };
  }

  /** Inserts a place, or replaces (moves, renames, recategorises, gives new hours) the one with its id. */
  upsert(place: IndexedPlace): void {
    this.leading();
    checkPlace(place);
    const old = this.store.slotOf(place.id);
    const wasOpen = old !== undefined && this.store.open[old] === 1;
    if (old !== undefined) this.detach(old);
    const slot = this.store.add(place);
    this.journal?.record({ kind: 'put', slot, values: this.store.valuesAt(slot) });
    this.attach(slot);
    this.changed(wasOpen || this.store.open[slot] === 1);
  }

  /** Takes the place with this id out; an unknown id changes nothing. */
  remove(id: number): void {
    this.leading();
    const slot = this.store.slotOf(id);
    if (slot === undefined) return;
    const wasOpen = this.store.open[slot] === 1;
    this.detach(slot);
    this.changed(wasOpen);
  }

  /**
   * The index as a follower starts from it (`follow`), its arrays shared: the layers of its last
   * compaction and the changes since. Only for an index built `shared`.
   */
  image(): IndexImage {
    const journal = this.sharedJournal();
    return {
      maxZoom: this.options.maxZoom,
      scope: this.options.scope,
      store: this.store.image(),
      values: this.store.valueEntries(),
      ...journal.start(),
    };
  }

  /** The changes made since they were last taken, for the followers' `apply`. Only for an index built `shared`. */
  takeChanges(): IndexChanges {
    return this.sharedJournal().take(this.store.image());
  }

  /** In an index built `shared`, the number of changes made so far (0 when not shared). */
  get changesMade(): number {
    return this.journal?.position ?? 0;
  }

  /** Every follower has applied the first `reached` changes: the slots they freed may take new places. */
  followersAt(reached: number): void {
    for (const slot of this.sharedJournal().reusable(reached)) this.store.reuse(slot);
  }

  /**
   * An index that answers every query as the shared index of `image` does, reading its arrays,
   * once given each of its later changes (`apply`). It cannot be changed otherwise.
   */
  static follow(image: IndexImage): ClusterIndex {
    const store = PlaceStore.adopt(image.store);
    const index = new ClusterIndex({ maxZoom: image.maxZoom, scope: image.scope }, store);
    for (const [id, values] of image.values) store.learnValues(id, values);
    store.setOpenHours(new Set(image.openHours));
    for (const slot of slotsOf(image.layers)) store.follow(slot, null);
    index.layers = LayerSet.adopt(store, image.layers);
    index.openLayers = LayerSet.adopt(store, image.open);
    index.followed = image.position - image.changes.length;
    index.apply({ from: index.followed, changes: image.changes, store: image.store });
    return index;
  }

  /**
   * In a follower: applies the shared index's changes (those already applied are skipped), after
   * which it answers as that index did when it gave them.
   */
  apply({ from, changes, store }: IndexChanges): void {
    const followed = this.followed;
    if (followed === null) throw new Error('Only a follower applies changes');
    if (from > followed)
      throw new RangeError(`Changes from ${from} after ${followed} applied: some were missed`);
    if (from + changes.length <= followed) return;
    this.store.show(store);
    for (let at = followed - from; at < changes.length; at += 1) this.applyChange(changes[at] as IndexChange);
    this.followed = from + changes.length;
  }

  /** In a follower, the number of the shared index's changes applied. */
  get changesApplied(): number {
    if (this.followed === null) throw new Error('Only a follower applies changes');
    return this.followed;
  }

  private applyChange(change: IndexChange): void {
    const store = this.store;
    if (change.kind === 'put') {
      store.follow(change.slot, change.values);
      this.attach(change.slot);
      this.counted(store.open[change.slot] === 1);
    } else if (change.kind === 'drop') {
      const wasOpen = store.open[change.slot] === 1;
      this.takeOut(change.slot);
      store.unfollow(change.slot);
      this.counted(wasOpen);
    } else if (change.kind === 'open') {
      const flipped = store.setOpenHours(new Set(change.hours));
      if (flipped.length > 0) this.matchSets.clear();
      if (change.rebuilt) this.openRebuilt(LayerSet.adopt(store, change.rebuilt));
      else this.flip(flipped);
    } else {
      this.compacted(LayerSet.adopt(store, change.layers), LayerSet.adopt(store, change.open));
    }
  }

  /**
   * Makes `open` the hours ids open now: a place is open when its `hoursId` is in the set. Each
   * place that opens or closes is one change, moved in or out of the open-now layers on its own;
   * when they would take the open layers' changes past the compaction threshold (the minute most
   * places open), those layers alone are rebuilt instead, from the open places. Returns how many
   * opened or closed, and whether it rebuilt.
   */
  setOpenHours(open: ReadonlySet<number>): { changed: number; rebuilt: boolean } {
    this.leading();
    const flipped = this.store.setOpenHours(open);
    if (this.compactionDue(this.openChanges + flipped.length)) {
      this.matchSets.clear();
      this.compactOpen();
      return { changed: flipped.length, rebuilt: true };
    }
    this.journal?.record({ kind: 'open', hours: [...open], rebuilt: null });
    this.flip(flipped);
    return { changed: flipped.length, rebuilt: false };
  }

  /** Moves the places that just opened or closed (`flipped`) in or out of the open-now layers. */
  private flip(flipped: readonly number[]): void {
    if (flipped.length > 0) this.matchSets.clear();
    for (const slot of flipped) {
      if (this.store.open[slot]) this.openLayers.insert(slot);
      else this.openLayers.delete(slot);
      this.filtered.flip(slot);
    }
    this.openChanges += flipped.length;
  }

  /**
   * Rebuilds the sorted bases from the live places: one radix sort by Morton code for all of them,
   * then stable splits by category and by being open now. Linear in the number of places. The
   * value filters' layers are dropped, to be rebuilt on their next query, and so are the
   * combinations of values no place holds any more.
   */
  compact(): void {
    this.leading();
    const store = this.store;
    if (this.journal) store.share();
    store.dropUnusedValueSets();
    store.compactNames();
    const sorted = mortonOrder(store, store.liveSlots());
    const layers = LayerSet.build(store, sorted, this.options.scope, store.shared);
    // A filter keeps the order: the open places need no sort of their own.
    const open = sorted.filter((slot) => store.open[slot] === 1);
    const openLayers = LayerSet.build(store, open, this.options.scope, store.shared);
    this.journal?.compacted(layers.image(), openLayers.image(), store.openHoursNow);
    this.compacted(layers, openLayers);
  }

  /** The index's layers are now these, just built from its places: the caches built from the old go. */
  private compacted(layers: LayerSet, openLayers: LayerSet): void {
    this.filtered.clear();
    this.matchSets.clear();
    this.layers = layers;
    this.openLayers = openLayers;
    this.changes = 0;
    this.openChanges = 0;
  }

  /** Rebuilds the open-now layers alone, from the live open places: linear in their number. */
  private compactOpen(): void {
    const store = this.store;
    const open = store.liveSlots().filter((slot) => store.open[slot] === 1);
    const openLayers = LayerSet.build(store, mortonOrder(store, open), this.options.scope, store.shared);
    this.journal?.record({ kind: 'open', hours: [...store.openHoursNow], rebuilt: openLayers.image() });
    this.openRebuilt(openLayers);
  }

  /** The open-now layers are now these, just built from the open places. */
  private openRebuilt(openLayers: LayerSet): void {
    this.openLayers = openLayers;
    this.openChanges = 0;
    // Their deltas count among the open changes just reset: rebuilt when next asked.
    this.filtered.dropOpen();
  }

  /** The clusters and single places of one viewport, with names in `lang`. */
  query(q: ClusterQuery): ClusterResult {
    return this.clusterLayers(this.layerSetOf(q).read(q.categories), q);
  }

  /**
   * The places of a set of matches, by slot, that pass `q`'s categories, open-now and value
   * filters: among the given slots (a search's matches), or else every place within a circle
   * (`covering`: whose own radius reaches its centre); given slots are kept only if also within
   * the circle when there is one.
   */
  matchingSlots(q: MatchSelection, distanceOf: DistanceOf): Int32Array {
    const passes = slotFilter(this.store, q);
    const { circle } = q;
    const within = circle ? withinReach(this.store, distanceOf, circle) : () => true;
    if (q.among) return q.among.filter((slot) => passes(slot) && within(slot));
    if (!circle) throw new RangeError('matchingSlots needs the matches or a circle');
    // Every place's layers by category: only they know how far the places' radii reach.
    const around = slotsWithin(this.layers.read(q.categories), this.store, distanceOf, circle);
    return q.openNow || (q.filters && q.filters.length > 0) ? around.filter(passes) : around;
  }

  /**
   * The clusters and single places of one viewport among a set of matches (the slots `select`
   * gives, null when it cannot tell), with how many there are and the box around them all. The
   * set's layers are kept under `key` (which must name everything `select` reads) for the next
   * viewport, until any place changes; the MATCH_SETS most recently asked are kept, while they
   * hold at most MATCH_SET_PLACES places together.
   */
  queryAmong(
    key: string,
    select: () => Int32Array | null,
    q: ClusterQuery,
  ): (ClusterResult & { matches: { total: number; bounds: Bounds | null } }) | null {
    let set = this.matchSets.get(key);
    if (set) {
      this.matchSets.delete(key);
    } else {
      const slots = select();
      if (!slots) return null;
      set = {
        layers: LayerSet.build(this.store, mortonOrder(this.store, slots), 'all'),
        total: slots.length,
        bounds: boundsOf(this.store, slots),
      };
    }
    this.matchSets.set(key, set);
    let held = 0;
    for (const kept of this.matchSets.values()) held += kept.total;
    for (const [oldest, kept] of this.matchSets) {
      if (this.matchSets.size <= MATCH_SETS && held <= MATCH_SET_PLACES) break;
      if (kept === set) break;
      this.matchSets.delete(oldest);
      held -= kept.total;
    }
    const result = this.clusterLayers(set.layers.read(undefined), q);
    return { ...result, matches: { total: set.total, bounds: set.bounds } };
  }

  /** The clusters and single places of one viewport among the places of `layers`. */
  private clusterLayers(layers: readonly Layer[], q: ClusterQuery): ClusterResult {
    if (!Number.isFinite(q.zoom)) throw new RangeError(`zoom must be finite, got ${q.zoom}`);
    checkBounds(q.bbox);
    const { west, south, east, north } = q.bbox;
    // Above maxZoom nothing splits further: co-located places stay one cluster to open as a list.
    // Past the size caps a coarser zoom answers, so no answer holds more than MAX_MAP_FEATURES.
    const zoom = answerZoom(q.bbox, q.zoom, this.options.maxZoom);
    if (layers.length === 0) return { clusters: [], places: [] };

    const units = 2 ** UNIT_BITS;
    const x0 = lngToUnitX(west) * units;
    const x1 = lngToUnitX(west > east ? east + 360 : east) * units;
    const radius = CLUSTER_GRID_SIZE_PX * 2 ** (UNIT_ZOOM - zoom);
    const window = this.window;
    const margin = WINDOW_MARGIN_PX * 2 ** (UNIT_ZOOM - zoom);
    window.reset(zoom, x0, x1, latToUnitY(north) * units, latToUnitY(south) * units, margin);
    for (const layer of layers) {
      window.readBase(layer.base);
      for (const slot of layer.delta) {
        window.readPoint(slot, this.store.x[slot] as number, this.store.y[slot] as number);
      }
    }
    groupCells(window, radius, this.groups);
    mergeCloseGroups(window, radius, this.groups);
    return answer(window, this.groups, this.store, q.bbox, zoom, q);
  }

  /**
   * How many places match a query's filters in its box (every place without one): the number a
   * list of them has, which the map's clusters of the same filters add up to. Its cost grows with
   * the box's edge, not with the places in it (see count-in-box.ts).
   */
  count(q: CountQuery): number {
    const { bbox, edgeTolerance = 0 } = q;
    if (bbox) checkBounds(bbox);
    let count = 0;
    for (const layer of this.layerSetOf(q).read(q.categories)) {
      count += bbox ? countInBox(layer, this.store, bbox, edgeTolerance) : layer.size;
    }
    return count;
  }

  /**
   * A page of the places matching a query's filters within `within` metres of `origin` (and,
   * `covering`, within their own radius of it: the places serving that spot), nearest first (ties
   * by id), after the cursor; whether more follow; and, when asked, how many there are in all. `distanceOf` measures as the caller's database does, so both agree on order and edge.
   * Its cost follows the page (and the cursor's depth) and the circle's edge, not the places in
   * the circle (see nearest.ts).
   */
  nearest(q: NearestQuery, distanceOf: DistanceOf): { hits: NearHit[]; more: boolean; total?: number } {
    if (!Number.isFinite(q.origin.lat) || !Number.isFinite(q.origin.lng) || !(q.within >= 0)) {
      throw new RangeError('nearest needs a finite origin and a distance of 0 or more');
    }
    if (q.covering && (q.openNow || (q.filters && q.filters.length > 0))) {
      // Only every place's own layers know how far their radii reach.
      throw new RangeError('covering reads categories only, not open places or value filters');
    }
    const layers = this.layerSetOf(q).read(q.categories);
    const page = nearestPage(layers, this.store, distanceOf, q);
    if (!q.withTotal) return page;
    return { ...page, total: countWithin(layers, this.store, distanceOf, q, q.countUpTo) };
  }

  /**
   * The slot the place with this id is stored in, until it changes or goes (an upsert may move
   * it): how an index beside this one, such as the server's word index, names the place.
   */
  slotOf(id: number): number | undefined {
    return this.store.slotOf(id);
  }

  /** The id and public position of the place in a live slot. */
  placeAt(slot: number): { id: number; lat: number; lng: number } {
    return {
      id: this.store.ids[slot] as number,
      lat: this.store.lat[slot] as number,
      lng: this.store.lng[slot] as number,
    };
  }

  /** The names, by language, of the place in a live slot. */
  namesAt(slot: number): Readonly<Record<string, string>> {
    return this.store.namesAt(slot);
  }

  /**
   * A page of places given by slot with their ranks (a search's matches) that pass the query's
   * filters, by rank, then distance from the origin or id, after the cursor; whether more follow;
   * and their total when asked (see ranked-page.ts).
   */
  rankedPage(
    matches: RankedSlots,
    q: RankedQuery,
    distanceOf: DistanceOf,
  ): { hits: RankedHit[]; more: boolean; total?: number } {
    if (q.origin && !(Number.isFinite(q.origin.lat) && Number.isFinite(q.origin.lng))) {
      throw new RangeError('a ranked page needs a finite origin');
    }
    return rankedPage(this.store, matches, q, distanceOf);
  }

  /** The set of places a query reads: every place, the open ones, or those its value filters match. */
  private layerSetOf(q: Pick<ClusterQuery, 'filters' | 'openNow'>): LayerSet {
    if (q.filters !== undefined && q.filters.length > 0)
      return this.filtered.read(q.filters, q.openNow === true);
    return q.openNow ? this.openLayers : this.layers;
  }

  /** Takes a stored place out of its layers and frees its slot (once the followers are past, when shared). */
  private detach(slot: number): void {
    this.takeOut(slot);
    this.store.delete(slot, this.journal === null);
    this.journal?.record({ kind: 'drop', slot });
    this.journal?.free(slot);
  }

  /** Takes the place in a live slot out of its layers. */
  private takeOut(slot: number): void {
    this.layers.delete(slot);
    if (this.store.open[slot]) this.openLayers.delete(slot);
    this.filtered.delete(slot);
  }

  /** Puts the place just stored in `slot` in its layers. */
  private attach(slot: number): void {
    this.layers.insert(slot);
    if (this.store.open[slot] === 1) this.openLayers.insert(slot);
    this.filtered.insert(slot);
  }

  /** Counts a change of a place (`open`: one the open-now layers held or now hold); compacts when due. */
  private changed(open: boolean): void {
    this.counted(open);
    if (this.compactionDue(this.changes)) this.compact();
    else if (this.compactionDue(this.openChanges)) this.compactOpen();
  }

  /** Counts a change of a place, as `changed`, without compacting (a follower's compactions are the index's). */
  private counted(open: boolean): void {
    this.matchSets.clear();
    this.changes += 1;
    if (open) this.openChanges += 1;
  }

  /** Throws in a follower: only the index it follows changes. */
  private leading(): void {
    if (this.followed !== null) throw new Error('A follower changes only by the changes it applies');
  }

  private sharedJournal(): IndexJournal {
    if (!this.journal) throw new Error('Only an index built shared has followers');
    return this.journal;
  }

  private compactionDue(changes: number): boolean {
    return changes > Math.max(COMPACT_MIN_CHANGES, this.store.size * COMPACT_SHARE);
  }
}

function checkBounds({ west, south, east, north }: Bounds): void {
  if (![west, south, east, north].every(Number.isFinite)) {
    throw new RangeError(`bbox must be four finite numbers, got ${west},${south},${east},${north}`);
  }
}

function checkPlace(place: IndexedPlace): void {
  if (!Number.isFinite(place.lat) || !Number.isFinite(place.lng)) {
    throw new RangeError(`Place ${place.id} has no finite position`);
  }
  const hours = place.hoursId;
  if (hours !== undefined && !(Number.isInteger(hours) && hours >= 0 && hours <= MAX_HOURS_ID)) {
    throw new RangeError(`Place ${place.id} has hoursId ${hours}, not an integer from 0 to ${MAX_HOURS_ID}`);
  }
  const problem = valuesProblem(place.values);
  if (problem) throw new RangeError(`Place ${place.id} has ${problem}`);
}

/** The slots of the places in a layer set's bases. */
function slotsOf({ all, byCategory }: LayerSetImage): Iterable<number> {
  if (all) return all.slots;
  return (byCategory ?? []).flatMap((base) => [...base.slots]);
}

/** A set of matches laid out to cluster (`queryAmong`). */
interface MatchSet {
  layers: LayerSet;
  total: number;
  bounds: Bounds | null;
}

/** The box around the places of `slots` (their public positions); null for none. */
function boundsOf(store: PlaceStore, slots: Int32Array): Bounds | null {
  if (slots.length === 0) return null;
  let west = Number.POSITIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  for (const slot of slots) {
    const lat = store.lat[slot] as number;
    const lng = store.lng[slot] as number;
    if (lng < west) west = lng;
    if (lng > east) east = lng;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return { west, south, east, north };
}
