import { ClusterIndex, type ClusterIndexBuild } from '@karta/map-core/clustering';
import { WordIndexLoader } from '@karta/place-search';
import type { HoursSettings } from '../opening-hours/open-state.ts';
import { IndexedWords, NAMES, TEXT } from './indexed-words.ts';
import { OpenHoursTracker } from './open-hours-tracker.ts';
import { type PackedPlace, unpackPlace } from './protocol.ts';

/** What a finished build hands the worker: the index, its words and the hours of its places. */
export interface BuiltIndex {
  index: ClusterIndex;
  words: IndexedWords;
  hours: OpenHoursTracker;
}

/**
 * A build of the map index and its words from pages of packed rows, as the loader reads them:
 * each row goes into the index's columns and the words' postings at once and is let go, so a
 * million places are never held as rows or objects until the build (they took 1 GB of heap).
 */
export class IndexBuild {
  private readonly places: ClusterIndexBuild;
  private readonly words = new WordIndexLoader();
  private readonly hours: OpenHoursTracker;
  /** The slot of each row added, by the order it came in; −1 once a later row of its id replaced it. */
  private slotOfRow = new Int32Array(1024);
  /** The row each slot holds. */
  private rowOfSlot = new Int32Array(1024);

  /** `shared`: the index in shared memory, for readers in other threads (ClusterIndex.follow). */
  constructor(
    maxZoom: number,
    hours: HoursSettings,
    readonly shared = false,
  ) {
    this.places = ClusterIndex.startBuild({ maxZoom, shared });
    this.hours = new OpenHoursTracker(hours);
  }

  /** Adds a page of rows (a later row of an id replaces the earlier one). */
  add(rows: readonly PackedPlace[]): void {
    const hoursIdOf = (key: string | null) => this.hours.idOf(key, Date.now());
    for (const row of rows) {
      const ordinal = this.words.size;
      const replaced = this.places.slotOf(row[0]);
      if (replaced !== undefined) this.slotOfRow[this.rowOfSlot[replaced] as number] = -1;
      const slot = this.places.add(unpackPlace(row, hoursIdOf));
      this.words.add(row[NAMES], row[TEXT]);
      this.slotOfRow = fitted(this.slotOfRow, ordinal);
      this.rowOfSlot = fitted(this.rowOfSlot, slot);
      this.slotOfRow[ordinal] = slot;
      this.rowOfSlot[slot] = ordinal;
    }
  }

  /** The index of every row added, with its words. */
  finish(): BuiltIndex {
    this.hours.takeChange();
    const index = this.places.finish(this.hours.open);
    const slotOfRow = this.slotOfRow.subarray(0, this.words.size);
    const words = IndexedWords.fromLoader(index, this.words, slotOfRow, this.shared);
    return { index, words, hours: this.hours };
  }
}

/** `array`, or a copy twice as long when `at` lies past its end. */
function fitted(array: Int32Array<ArrayBuffer>, at: number): Int32Array<ArrayBuffer> {
  if (at < array.length) return array;
  const larger = new Int32Array(Math.max(at + 1, array.length * 2));
  larger.set(array);
  return larger;
}
