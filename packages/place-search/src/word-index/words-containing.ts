import { newArray } from './typed-memory.ts';

/** The arrays of a WordsContaining (`image`): each gram's key, ascending, and its word ids at `ids[starts[g] .. starts[g + 1])`. */
export interface WordsContainingImage {
  keys: Float64Array;
  starts: Int32Array;
  ids: Int32Array;
}

/**
 * Which words of a sorted vocabulary hold a piece of text: the words holding each three letters
 * in a row of it are listed once, so a search reads only the words of its rarest three letters
 * and checks them (as pg_trgm narrows a `LIKE '%…%'` before checking it). The lists are three
 * typed arrays (the three letters as one number, a binary search away), which other threads can
 * share (`image`, `adopt`).
 */
export class WordsContaining {
  private constructor(
    private readonly words: readonly string[],
    private readonly grams: WordsContainingImage,
  ) {}

  /** The lists of `words`, in shared memory when `shared`. */
  static of(words: readonly string[], shared = false): WordsContaining {
    const lists = new Map<number, number[]>();
    words.forEach((word, id) => {
      for (const gram of gramsOf(word)) {
        const list = lists.get(gram);
        if (list) list.push(id);
        else lists.set(gram, [id]);
      }
    });
    const sorted = [...lists.keys()].sort((a, b) => a - b);
    const keys = newArray(Float64Array, sorted.length, shared);
    const starts = newArray(Int32Array, sorted.length + 1, shared);
    let total = 0;
    for (const list of lists.values()) total += list.length;
    const ids = newArray(Int32Array, total, shared);
    sorted.forEach((key, g) => {
      const list = lists.get(key) as number[];
      keys[g] = key;
      ids.set(list, starts[g] as number);
      starts[g + 1] = (starts[g] as number) + list.length;
    });
    return new WordsContaining(words, { keys, starts, ids });
  }

  /** The lists of an image over the same vocabulary. */
  static adopt(words: readonly string[], image: WordsContainingImage): WordsContaining {
    return new WordsContaining(words, image);
  }

  image(): WordsContainingImage {
    return this.grams;
  }

  /** The ids of the words holding `piece`, in no set order; `visit` is called once for each. */
  forEach(piece: string, visit: (id: number) => void): void {
    if (piece.length < 3) {
      this.words.forEach((word, id) => {
        if (word.includes(piece)) visit(id);
      });
      return;
    }
    // The words of its rarest three letters.
    let rarest: Int32Array | undefined;
    for (const gram of gramsOf(piece)) {
      const ids = this.idsOf(gram);
      if (!rarest || ids.length < rarest.length) rarest = ids;
      if (rarest.length === 0) return;
    }
    for (const id of rarest ?? []) {
      if ((this.words[id] as string).includes(piece)) visit(id);
    }
  }

  /** The ids of the words holding the three letters of key `gram`. */
  private idsOf(gram: number): Int32Array {
    const { keys, starts, ids } = this.grams;
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((keys[middle] as number) < gram) low = middle + 1;
      else high = middle;
    }
    if (low === keys.length || keys[low] !== gram) return EMPTY;
    return ids.subarray(starts[low] as number, starts[low + 1] as number);
  }
}

const EMPTY = new Int32Array(0);

/** Every distinct three code units in a row of `text`, each as one number. */
function gramsOf(text: string): Set<number> {
  const grams = new Set<number>();
  for (let i = 0; i + 3 <= text.length; i += 1) {
    grams.add(text.charCodeAt(i) * 2 ** 32 + text.charCodeAt(i + 1) * 2 ** 16 + text.charCodeAt(i + 2));
  }
  return grams;
}
