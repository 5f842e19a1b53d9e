import type { ClusterIndex } from '@karta/map-core/clustering';
import { searchName, WordIndex } from '@karta/place-search';
import type { PackedPlace } from './protocol.ts';

/** Where a packed row holds the place's `search_name` and `search_text` (load-places.ts). */
const NAMES = 11;
const TEXT = 12;

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
  ) {}

  /** The folded names (`search_name`) of the place in a live slot. */
  namesOf(slot: number): string {
    return searchName(this.places.namesAt(slot));
  }

  /** The words of `packed`, the rows `places` was just built from (a later duplicate id wins). */
  static of(places: ClusterIndex, packed: readonly PackedPlace[]): IndexedWords {
    const taken = new Set<number>();
    const rows = function* () {
      for (let i = packed.length - 1; i >= 0; i -= 1) {
        const row = packed[i] as PackedPlace;
        const slot = places.slotOf(row[0]);
        if (slot === undefined || taken.has(slot)) continue;
        taken.add(slot);
        yield { slot, names: row[NAMES], text: row[TEXT] };
      }
    };
    const namesOf = (slot: number) => searchName(places.namesAt(slot));
    return new IndexedWords(places, WordIndex.of(rows(), namesOf));
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
