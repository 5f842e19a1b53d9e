import { placeWords } from './place-words.ts';
import { WordIndex } from './word-index.ts';
import { WordPostingsBuilder } from './word-postings.ts';

/**
 * Builds a word index from places read one by one before their slots are known (the map index
 * is built from them afterwards): each place's words go straight into the postings, keyed by the
 * order it came in, so its texts need not be kept until the build.
 */
export class WordIndexLoader {
  private readonly builder = new WordPostingsBuilder();
  private count = 0;

  /** Adds the next place read (`search_name`, `search_text`). */
  add(names: string, text: string): void {
    for (const [word, roles] of placeWords(names, text)) this.builder.add(word, this.count, roles);
    this.count += 1;
  }

  /** Places added so far. */
  get size(): number {
    return this.count;
  }

  /**
   * The index, the place added `n`-th in slot `slotOf[n]` (−1: left out, as a replaced one is);
   * in shared memory, for followers, when `shared`.
   */
  finish(slotOf: Int32Array, namesOf: (slot: number) => string, shared = false): WordIndex {
    let highest = -1;
    for (const slot of slotOf) highest = Math.max(highest, slot);
    return WordIndex.built(this.builder.build(slotOf, shared), highest, namesOf);
  }
}
