import { ROLE_BITS } from './place-words.ts';
import { WordsContaining } from './words-containing.ts';

/**
 * Every word with the places that hold it, fixed once built: the vocabulary sorted, and for the
 * word of id `w` its postings `postings[start[w] .. start[w + 1])`, each `slot << ROLE_BITS | roles`
 * (place-words.ts), so a million places' words take a few typed arrays, not an object each.
 */
export class WordPostings {
  readonly words: readonly string[];
  readonly start: Int32Array;
  readonly postings: Int32Array;
  readonly containing: WordsContaining;

  constructor(words: readonly string[], start: Int32Array, postings: Int32Array) {
    this.words = words;
    this.start = start;
    this.postings = postings;
    this.containing = new WordsContaining(words);
  }

  /** The id of `word`, or -1 when no place held it when this was built. */
  idOf(word: string): number {
    let low = 0;
    let high = this.words.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this.words[middle] as string;
      if (found === word) return middle;
      if (found < word) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  static readonly EMPTY = new WordPostings([], new Int32Array(1), new Int32Array(0));
}

/** Gathers (word, slot, roles) in any order and sorts them into WordPostings. */
export class WordPostingsBuilder {
  private readonly ids = new Map<string, number>();
  private readonly words: string[] = [];
  private wordIds: Int32Array<ArrayBuffer> = new Int32Array(1024);
  private postings: Int32Array<ArrayBuffer> = new Int32Array(1024);
  private length = 0;

  add(word: string, slot: number, roles: number): void {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.ids.set(word, id);
      this.words.push(word);
    }
    if (this.length === this.postings.length) {
      this.wordIds = grown(this.wordIds);
      this.postings = grown(this.postings);
    }
    this.wordIds[this.length] = id;
    this.postings[this.length] = (slot << ROLE_BITS) | roles;
    this.length += 1;
  }

  build(): WordPostings {
    const order = this.words.map((_, id) => id).sort((a, b) => compare(this.words[a], this.words[b]));
    const newId = new Int32Array(this.words.length);
    order.forEach((id, sorted) => {
      newId[id] = sorted;
    });
    const start = new Int32Array(this.words.length + 1);
    for (let i = 0; i < this.length; i += 1) {
      const after = (newId[this.wordIds[i] as number] as number) + 1;
      start[after] = (start[after] as number) + 1;
    }
    for (let w = 0; w < this.words.length; w += 1)
      start[w + 1] = (start[w + 1] as number) + (start[w] as number);
    const next = start.slice(0, this.words.length);
    const postings = new Int32Array(this.length);
    for (let i = 0; i < this.length; i += 1) {
      const w = newId[this.wordIds[i] as number] as number;
      postings[next[w] as number] = this.postings[i] as number;
      next[w] = (next[w] as number) + 1;
    }
    return new WordPostings(
      order.map((id) => this.words[id] as string),
      start,
      postings,
    );
  }
}

function grown(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const larger = new Int32Array(array.length * 2);
  larger.set(array);
  return larger;
}

/** Code-unit order, as `<` compares strings (and as idOf searches). */
function compare(a: string | undefined, b: string | undefined): number {
  return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
}
