import type { ClusterIndex } from '@karta/map-core/clustering';
import {
  searchName,
  type WordChange,
  WordIndex,
  type WordIndexImage,
  type WordIndexLoader,
} from '@karta/place-search';
import type { PackedPlace } from './protocol.ts';

/** Where a packed row holds the place's `search_name` and `search_text` (load-places.ts). */
export const NAMES = 11;
export const TEXT = 12;

/**
 * The words of the places a map index holds, keyed by the index's slots (word-index.ts), kept in
 * step with it: `upsert` and `remove` change both. A search ranks a query of several words by
 * the place's folded names, computed from its names in the index (the stored `search_name`,
 * whose fold stored-texts.ts repeats) rather than kept for every place.
 */
export class IndexedWords {
  private constructor(
    private readonly places: ClusterIndex,
    readonly words: WordIndex,
    /** The folded names (`search_name`) of the place in a live slot. */
    readonly namesOf: (slot: number) => string,
  ) {}

  /**
   * The words the loader read, the `n`-th place read in slot `slotOfRow[n]` (−1: replaced since);
   * in shared memory, for readers, when `shared` (as the index should be).
   */
  static fromLoader(
    places: ClusterIndex,
    loader: WordIndexLoader,
    slotOfRow: Int32Array,
    shared = false,
  ): IndexedWords {
    const namesOf = (slot: number) => searchName(places.namesAt(slot));
    const words = loader.finish(slotOfRow, namesOf, shared);
    words.prepareTypos();
    return new IndexedWords(places, words, namesOf);
  }

  /** The words of a shared word index's image, beside `places`, a follower of the index they belong to. */
  static follow(places: ClusterIndex, image: WordIndexImage): IndexedWords {
    const namesOf = (slot: number) => searchName(places.namesAt(slot));
    return new IndexedWords(places, WordIndex.follow(image, namesOf), namesOf);
  }

  /** In a follower: the words' changes, given after the index's own changes up to the same moment. */
  apply(changes: readonly WordChange[]): void {
    this.words.apply(changes);
  }

  /** Inserts or replaces a place in the map index and its words. */
  upsert(row: PackedPlace, upsertPlace: () => void): void {
    const old = this.places.slotOf(row[0]);
    upsertPlace();
    if (old !== undefined) this.words.remove(old);
    const slot = this.places.slotOf(row[0]);
    if (slot !== undefined) this.words.set(slot, row[NAMES], row[TEXT]);
  }

  /** Takes a place out of the map index and its words. */
  remove(id: number): void {
    const slot = this.places.slotOf(id);
    this.places.remove(id);
    if (slot !== undefined) this.words.remove(slot);
  }
}
