import type { LayerSetImage } from './layer-set.ts';
import type { PlaceStoreImage } from './place-store.ts';
import type { ClusterIndexScope, PlaceValue } from './types.ts';

type Values = Readonly<Record<string, PlaceValue>>;

/**
 * One change of a shared index, as its followers apply it (ClusterIndex.apply): a place put in a
 * slot (its columns written, its values as the index names them), a place's slot dropped, a new
 * set of hours ids open now (with the open layers when the index rebuilt them), or a compaction's
 * new layers.
 */
export type IndexChange =
  | { kind: 'put'; slot: number; values: Values | null }
  | { kind: 'drop'; slot: number }
  | { kind: 'open'; hours: number[]; rebuilt: LayerSetImage | null }
  | { kind: 'compacted'; layers: LayerSetImage; open: LayerSetImage };

/**
 * The changes of a shared index since those last taken: the `from`-th change of the index onwards,
 * and the store as they leave it.
 */
export interface IndexChanges {
  from: number;
  changes: IndexChange[];
  store: PlaceStoreImage;
}

/**
 * What a follower starts from (ClusterIndex.follow): the layers of the index's last compaction,
 * the hours open then, every combination of values the index knows, the changes since, and the
 * store as they leave it; `position` is the number of changes made so far.
 */
export interface IndexImage {
  maxZoom: number;
  scope: ClusterIndexScope;
  position: number;
  store: PlaceStoreImage;
  values: [number, Values][];
  openHours: number[];
  layers: LayerSetImage;
  open: LayerSetImage;
  changes: IndexChange[];
}

/**
 * A shared index's record of its changes: those not yet taken for the followers, those since its
 * last compaction (for a follower starting now), and the slots freed. A freed slot is given to a
 * new place only once a compaction came after its freeing and every follower is past that
 * compaction: so no follower reads it any more, and a follower starting from the last compaction
 * finds every slot of its layers and of the changes since as they were written.
 */
export class IndexJournal {
  private pending: IndexChange[] = [];
  private sinceCompaction: IndexChange[] = [];
  /** The number of the first pending change. */
  private taken = 0;
  /** Slots freed since the last compaction. */
  private freedSinceCompaction: number[] = [];
  /** Slots freed before a compaction, each after the number of that compaction: [change, slot, change, slot…]. */
  private freed: number[] = [];
  /** Of `freed`, the pairs already given back (a queue's head). */
  private freedHead = 0;
  /** The hours open at the last compaction, and its layers. */
  private compaction: { openHours: number[]; layers: LayerSetImage; open: LayerSetImage } | undefined;

  /** Changes made so far: the number the next one gets. */
  get position(): number {
    return this.taken + this.pending.length;
  }

  record(change: IndexChange): void {
    this.pending.push(change);
    if (change.kind === 'compacted') this.sinceCompaction = [];
    else this.sinceCompaction.push(change);
  }

  /** The index compacted with these layers, while these hours were open. */
  compacted(layers: LayerSetImage, open: LayerSetImage, openHours: ReadonlySet<number>): void {
    const compaction = this.position;
    this.record({ kind: 'compacted', layers, open });
    this.compaction = { openHours: [...openHours], layers, open };
    for (const slot of this.freedSinceCompaction) this.freed.push(compaction, slot);
    this.freedSinceCompaction = [];
  }

  /** A place's slot was just freed: it waits for a compaction and the followers. */
  free(slot: number): void {
    this.freedSinceCompaction.push(slot);
  }

  /** The slots that every follower, having made `reached` changes, is past; each given once. */
  reusable(reached: number): number[] {
    const slots: number[] = [];
    while (this.freedHead < this.freed.length && (this.freed[this.freedHead] as number) < reached) {
      slots.push(this.freed[this.freedHead + 1] as number);
      this.freedHead += 2;
    }
    if (this.freedHead > 1024 && this.freedHead * 2 > this.freed.length) {
      this.freed = this.freed.slice(this.freedHead);
      this.freedHead = 0;
    }
    return slots;
  }

  /** The changes not taken yet, and the store as they leave it. */
  take(store: PlaceStoreImage): IndexChanges {
    const changes = { from: this.taken, changes: this.pending, store };
    this.taken += this.pending.length;
    this.pending = [];
    return changes;
  }

  /** What a follower starting now needs, but the store, values and scope (ClusterIndex.image). */
  start(): Pick<IndexImage, 'position' | 'openHours' | 'layers' | 'open' | 'changes'> {
    if (!this.compaction) throw new Error('A shared index has no image before it is built');
    const { openHours, layers, open } = this.compaction;
    return { position: this.position, openHours, layers, open, changes: [...this.sinceCompaction] };
  }
}
