import { ROLE_BITS } from './place-words.ts';
import { WordsContaining } from './words-containing.ts';

const ROLES = (1 << ROLE_BITS) - 1;

/**
 * Every word with the places that hold it, fixed once built: the vocabulary sorted, and for the
 * word of id `w` its postings, each a place's slot and the word's roles there (place-words.ts),
 * in slot order, packed in `bytes[offsets[w] .. offsets[w + 1])` as variable-length numbers:
 * `(slot - previous slot) << ROLE_BITS | roles`, seven bits a byte, the first slot from 0. A
 * common word's places lie close together, so most postings take one or two bytes, not four.
 */
export class WordPostings {
  readonly containing: WordsContaining;

  constructor(
    readonly words: readonly string[],
    /** Postings per word, for the cost of reading them. */
    readonly counts: Int32Array,
    /** Each word's roles at any of its places, ORed (whether some place's names hold it). */
    readonly roles: Uint8Array,
    private readonly offsets: Float64Array,
    private readonly bytes: Uint8Array,
  ) {
    this.containing = new WordsContaining(words);
  }

  /** Calls `visit(slot, roles)` for each posting of the word of id `id`, in slot order. */
  forEach(id: number, visit: (slot: number, roles: number) => void): void {
    const bytes = this.bytes;
    const end = this.offsets[id + 1] as number;
    let at = this.offsets[id] as number;
    let slot = 0;
    while (at < end) {
      let value = 0;
      let scale = 1;
      let byte: number;
      do {
        byte = bytes[at] as number;
        at += 1;
        value += (byte & 0x7f) * scale;
        scale *= 128;
      } while (byte >= 0x80);
      slot += Math.floor(value / (ROLES + 1));
      visit(slot, value & ROLES);
    }
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

  static readonly EMPTY = new WordPostings(
    [],
    new Int32Array(0),
    new Uint8Array(0),
    new Float64Array(1),
    new Uint8Array(0),
  );
}

/**
 * Pairs are gathered in chunks, so that gathering never copies what it holds: the first of
 * FIRST_CHUNK pairs, each next twice as large up to LARGEST_CHUNK, whose 32 MB arrays the C
 * library always maps on their own and gives back when freed (smaller ones may stay in its heap
 * after the build). A small index takes small chunks.
 */
const FIRST_CHUNK = 1 << 16;
const LARGEST_CHUNK = 1 << 23;

/**
 * Gathers (word, key, roles) in any order and sorts them into WordPostings. A key is a place's
 * slot, or an ordinal that `build` maps to one (a place read before its slot is known).
 */
export class WordPostingsBuilder {
  private readonly ids = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly wordChunks: Int32Array[] = [];
  private readonly keyChunks: Int32Array[] = [];
  /** Pairs in the last chunk. */
  private filled = 0;

  add(word: string, key: number, roles: number): void {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.words.length;
      // A word cut from a place's text may be a slice that keeps the whole text alive: the
      // vocabulary keeps a copy of its own.
      const own = copied(word);
      this.ids.set(own, id);
      this.words.push(own);
    }
    let words = this.wordChunks.at(-1);
    if (!words || this.filled === words.length) {
      const size = words ? Math.min(LARGEST_CHUNK, words.length * 2) : FIRST_CHUNK;
      words = new Int32Array(size);
      this.wordChunks.push(words);
      this.keyChunks.push(new Int32Array(size));
      this.filled = 0;
    }
    words[this.filled] = id;
    (this.keyChunks.at(-1) as Int32Array)[this.filled] = key * (ROLES + 1) + roles;
    this.filled += 1;
  }

  /** The postings; `slotOf[key]` gives each key's slot when keys are ordinals (−1: dropped). */
  build(slotOf?: Int32Array): WordPostings {
    const wordCount = this.words.length;
    const order = this.words.map((_, id) => id).sort((a, b) => compare(this.words[a], this.words[b]));
    const newId = new Int32Array(wordCount);
    order.forEach((id, sorted) => {
      newId[id] = sorted;
    });
    // Each pair's word and slot-and-roles, the slots mapped; a counting sort by word.
    const counts = new Int32Array(wordCount);
    const pairs = (visit: (word: number, posting: number) => void) => {
      this.wordChunks.forEach((words, chunk) => {
        const keys = this.keyChunks[chunk] as Int32Array;
        const filled = chunk === this.wordChunks.length - 1 ? this.filled : words.length;
        for (let i = 0; i < filled; i += 1) {
          const word = newId[words[i] as number] as number;
          let posting = keys[i] as number;
          if (slotOf) {
            const slot = slotOf[Math.floor(posting / (ROLES + 1))] as number;
            if (slot < 0) continue;
            posting = slot * (ROLES + 1) + (posting & ROLES);
          }
          visit(word, posting);
        }
      });
    };
    pairs((word) => {
      counts[word] = (counts[word] as number) + 1;
    });
    const start = new Int32Array(wordCount + 1);
    for (let w = 0; w < wordCount; w += 1) start[w + 1] = (start[w] as number) + (counts[w] as number);
    const next = start.slice(0, wordCount);
    const postings = new Int32Array(start[wordCount] as number);
    pairs((word, posting) => {
      postings[next[word] as number] = posting;
      next[word] = (next[word] as number) + 1;
    });
    this.wordChunks.length = 0;
    this.filled = 0;
    this.keyChunks.length = 0;
    const roles = new Uint8Array(wordCount);
    for (let w = 0; w < wordCount; w += 1) {
      for (let i = start[w] as number; i < (start[w + 1] as number); i += 1) {
        roles[w] = (roles[w] as number) | ((postings[i] as number) & ROLES);
      }
    }
    return new WordPostings(
      order.map((id) => this.words[id] as string),
      counts,
      roles,
      ...packed(postings, start),
    );
  }
}

/** Each word's postings sorted by slot and written as gaps (see WordPostings). */
function packed(postings: Int32Array, start: Int32Array): [Float64Array, Uint8Array] {
  const words = start.length - 1;
  const offsets = new Float64Array(words + 1);
  let size = 0;
  for (let w = 0; w < words; w += 1) {
    const own = postings.subarray(start[w] as number, start[w + 1] as number);
    if (!isSorted(own)) own.sort();
    let previous = 0;
    for (const posting of own) {
      const slot = posting >>> ROLE_BITS;
      size += lengthOf((slot - previous) * (ROLES + 1) + (posting & ROLES));
      previous = slot;
    }
    offsets[w + 1] = size;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (let w = 0; w < words; w += 1) {
    let previous = 0;
    for (const posting of postings.subarray(start[w] as number, start[w + 1] as number)) {
      const slot = posting >>> ROLE_BITS;
      let value = (slot - previous) * (ROLES + 1) + (posting & ROLES);
      previous = slot;
      while (value >= 0x80) {
        bytes[at] = (value & 0x7f) | 0x80;
        at += 1;
        value = Math.floor(value / 128);
      }
      bytes[at] = value;
      at += 1;
    }
  }
  return [offsets, bytes];
}

function isSorted(values: Int32Array): boolean {
  for (let i = 1; i < values.length; i += 1)
    if ((values[i] as number) < (values[i - 1] as number)) return false;
  return true;
}

/** Bytes a number takes at seven bits a byte. */
function lengthOf(value: number): number {
  let length = 1;
  for (let rest = value; rest >= 0x80; rest = Math.floor(rest / 128)) length += 1;
  return length;
}

/** Code-unit order, as `<` compares strings (and as idOf searches). */
function compare(a: string | undefined, b: string | undefined): number {
  return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
}

/** V8 copies a cut of a string shorter than this (its SlicedString minimum); a longer cut may share it. */
const SLICE_MIN = 13;

/** A string of the same characters that shares no memory with a longer one it was cut from. */
function copied(text: string): string {
  return text.length < SLICE_MIN ? text : Array.from(text).join('');
}
