import { ROLE_BITS } from './place-words.ts';
import { isShared, newArray } from './typed-memory.ts';
import { WordsContaining, type WordsContainingImage } from './words-containing.ts';

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
  /** The vocabulary as UTF-16 units (`image`), made once when asked. */
  private text: { chars: Uint16Array; starts: Int32Array } | undefined;

  constructor(
    readonly words: readonly string[],
    /** Postings per word, for the cost of reading them. */
    readonly counts: Int32Array,
    /** Each word's roles at any of its places, ORed (whether some place's names hold it). */
    readonly roles: Uint8Array,
    private readonly offsets: Float64Array,
    private readonly bytes: Uint8Array,
    containing?: WordsContaining,
  ) {
    this.containing = containing ?? WordsContaining.of(words, this.shared);
  }

  /**
   * The postings' arrays, for another thread's `adopt`: shared when built so (the vocabulary
   * written once into shared UTF-16 units for it).
   */
  image(): WordPostingsImage {
    const shared = this.shared;
    if (!this.text) {
      let length = 0;
      for (const word of this.words) length += word.length;
      const chars = newArray(Uint16Array, length, shared);
      const starts = newArray(Int32Array, this.words.length + 1, shared);
      this.words.forEach((word, id) => {
        const from = starts[id] as number;
        for (let i = 0; i < word.length; i += 1) chars[from + i] = word.charCodeAt(i);
        starts[id + 1] = from + word.length;
      });
      this.text = { chars, starts };
    }
    const { counts, roles, offsets, bytes } = this;
    return { ...this.text, counts, roles, offsets, bytes, grams: this.containing.image() };
  }

  /** The postings of an image: the same arrays, the vocabulary read into this thread's strings. */
  static adopt({ chars, starts, counts, roles, offsets, bytes, grams }: WordPostingsImage): WordPostings {
    const words: string[] = [];
    for (let id = 0; id + 1 < starts.length; id += 1) {
      words.push(textOf(chars, starts[id] as number, starts[id + 1] as number));
    }
    return new WordPostings(words, counts, roles, offsets, bytes, WordsContaining.adopt(words, grams));
  }

  /** Whether the arrays are in shared memory. */
  get shared(): boolean {
    return isShared(this.bytes);
  }

  /** Calls `visit(slot, roles)` for each posting of the word of id `id`, in slot order. */
  forEach(id: number, visit: (slot: number, roles: number) => void): void {
    forEachPacked(this.bytes, this.offsets[id] as number, this.offsets[id + 1] as number, visit);
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
 * Pairs wait in a buffer of this many, then are packed into a block, so that gathering costs
 * about the bytes of the finished postings rather than eight a pair: a million places' 30 million
 * pairs took 243 MB as plain pairs and 365 MB at their build, against some 45 MB packed.
 */
const BLOCK_PAIRS = 1 << 18;

/**
 * Some pairs packed: for each word they hold (`words`, ascending ids), its postings in key order
 * as `WordPostings` packs them (gaps of keys from 0), in `bytes[ends[i - 1] .. ends[i])`.
 */
interface Block {
  words: Int32Array;
  ends: Int32Array;
  bytes: Uint8Array;
}

/**
 * Gathers (word, key, roles) in any order and sorts them into WordPostings. A key is a place's
 * slot, or an ordinal that `build` maps to one (a place read before its slot is known).
 */
export class WordPostingsBuilder {
  private readonly ids = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly blocks: Block[] = [];
  private readonly pendingWords: Int32Array;
  /** Each pending pair's `key << ROLE_BITS | roles`. */
  private readonly pendingPostings: Int32Array;
  private pending = 0;
  /** Pairs per word id while a block is packed; all 0 in between. */
  private perWord = new Int32Array(1024);

  constructor(blockPairs = BLOCK_PAIRS) {
    this.pendingWords = new Int32Array(blockPairs);
    this.pendingPostings = new Int32Array(blockPairs);
  }

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
    this.pendingWords[this.pending] = id;
    this.pendingPostings[this.pending] = key * (ROLES + 1) + roles;
    this.pending += 1;
    if (this.pending === this.pendingWords.length) this.packPending();
  }

  /** The postings; `slotOf[key]` gives each key's slot when keys are ordinals (−1: dropped). */
  build(slotOf?: Int32Array, shared = false): WordPostings {
    this.packPending();
    const wordCount = this.words.length;
    const order = this.words.map((_, id) => id).sort((a, b) => compare(this.words[a], this.words[b]));
    const newId = new Int32Array(wordCount);
    order.forEach((id, sorted) => {
      newId[id] = sorted;
    });
    const segments = segmentsByWord(this.blocks, newId);
    // Each word's postings gathered from its blocks, their keys mapped to slots, in slot order.
    let scratch = new Int32Array(1024);
    const postingsOf = (word: number): Int32Array => {
      let count = 0;
      for (let s = segments.start[word] as number; s < (segments.start[word + 1] as number); s += 1) {
        const block = this.blocks[segments.block[s] as number] as Block;
        const entry = segments.entry[s] as number;
        const from = entry === 0 ? 0 : (block.ends[entry - 1] as number);
        if (scratch.length - count < (block.ends[entry] as number) - from) {
          scratch = grownTo(scratch, count + (block.ends[entry] as number) - from);
        }
        forEachPacked(block.bytes, from, block.ends[entry] as number, (key, roles) => {
          const slot = slotOf ? (slotOf[key] as number) : key;
          if (slot < 0) return;
          scratch[count] = slot * (ROLES + 1) + roles;
          count += 1;
        });
      }
      const own = scratch.subarray(0, count);
      if (!isSorted(own)) own.sort();
      return own;
    };
    const counts = newArray(Int32Array, wordCount, shared);
    const roles = newArray(Uint8Array, wordCount, shared);
    const offsets = newArray(Float64Array, wordCount + 1, shared);
    for (let w = 0; w < wordCount; w += 1) {
      const own = postingsOf(w);
      counts[w] = own.length;
      let anyRoles = 0;
      for (const posting of own) anyRoles |= posting & ROLES;
      roles[w] = anyRoles;
      offsets[w + 1] = (offsets[w] as number) + packedLength(own);
    }
    // Each word's postings are gathered again to be written: reading the blocks twice costs less
    // than packing into a guessed size and copying the result to its exact one.
    const bytes = newArray(Uint8Array, offsets[wordCount] as number, shared);
    for (let w = 0; w < wordCount; w += 1) pack(postingsOf(w), bytes, offsets[w] as number);
    this.blocks.length = 0;
    return new WordPostings(
      order.map((id) => this.words[id] as string),
      counts,
      roles,
      offsets,
      bytes,
    );
  }

  /** Packs the pending pairs into a block: grouped by word (a counting sort), each word's in key order. */
  private packPending(): void {
    const count = this.pending;
    if (count === 0) return;
    if (this.perWord.length < this.words.length) this.perWord = grownTo(this.perWord, this.words.length);
    const perWord = this.perWord;
    const present: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const word = this.pendingWords[i] as number;
      if (perWord[word] === 0) present.push(word);
      perWord[word] = (perWord[word] as number) + 1;
    }
    const words = Int32Array.from(present).sort();
    // perWord becomes each word's next place in `grouped`.
    let at = 0;
    for (const word of words) {
      const n = perWord[word] as number;
      perWord[word] = at;
      at += n;
    }
    const grouped = new Int32Array(count);
    for (let i = 0; i < count; i += 1) {
      const word = this.pendingWords[i] as number;
      grouped[perWord[word] as number] = this.pendingPostings[i] as number;
      perWord[word] = (perWord[word] as number) + 1;
    }
    const ends = new Int32Array(words.length);
    const groupEnds = new Int32Array(words.length);
    let size = 0;
    let from = 0;
    words.forEach((word, i) => {
      const to = perWord[word] as number;
      const own = grouped.subarray(from, to);
      if (!isSorted(own)) own.sort();
      size += packedLength(own);
      ends[i] = size;
      groupEnds[i] = to;
      from = to;
      perWord[word] = 0;
    });
    const bytes = new Uint8Array(size);
    words.forEach((_, i) => {
      const group = grouped.subarray(i === 0 ? 0 : (groupEnds[i - 1] as number), groupEnds[i] as number);
      pack(group, bytes, i === 0 ? 0 : (ends[i - 1] as number));
    });
    this.blocks.push({ words, ends, bytes });
    this.pending = 0;
  }
}

/** Bytes `postings` (in key order) take packed as gaps (see WordPostings). */
function packedLength(postings: Int32Array): number {
  let size = 0;
  let previous = 0;
  for (const posting of postings) {
    const key = posting >>> ROLE_BITS;
    size += lengthOf((key - previous) * (ROLES + 1) + (posting & ROLES));
    previous = key;
  }
  return size;
}

/** Writes `postings` (in key order) packed as gaps into `bytes` from `at`. */
function pack(postings: Int32Array, bytes: Uint8Array, at: number): void {
  let previous = 0;
  let next = at;
  for (const posting of postings) {
    const key = posting >>> ROLE_BITS;
    let value = (key - previous) * (ROLES + 1) + (posting & ROLES);
    previous = key;
    while (value >= 0x80) {
      bytes[next] = (value & 0x7f) | 0x80;
      next += 1;
      value = Math.floor(value / 128);
    }
    bytes[next] = value;
    next += 1;
  }
}

/** Calls `visit(key, roles)` for each posting packed in `bytes[from .. to)`, in order. */
function forEachPacked(
  bytes: Uint8Array,
  from: number,
  to: number,
  visit: (key: number, roles: number) => void,
): void {
  let at = from;
  let key = 0;
  while (at < to) {
    let value = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = bytes[at] as number;
      at += 1;
      value += (byte & 0x7f) * scale;
      scale *= 128;
    } while (byte >= 0x80);
    key += Math.floor(value / (ROLES + 1));
    visit(key, value & ROLES);
  }
}

/**
 * Where each word's postings lie among the blocks: for the word of (sorted) id `w`, the block
 * and entry of each piece, in block order, at `start[w] .. start[w + 1]`.
 */
function segmentsByWord(blocks: readonly Block[], newId: Int32Array) {
  const start = new Int32Array(newId.length + 1);
  for (const { words } of blocks) {
    for (const word of words) {
      const after = (newId[word] as number) + 1;
      start[after] = (start[after] as number) + 1;
    }
  }
  for (let w = 0; w < newId.length; w += 1) start[w + 1] = (start[w + 1] as number) + (start[w] as number);
  const next = start.slice(0, newId.length);
  const block = new Int32Array(start[newId.length] as number);
  const entry = new Int32Array(block.length);
  blocks.forEach(({ words }, b) => {
    words.forEach((word, e) => {
      const w = newId[word] as number;
      block[next[w] as number] = b;
      entry[next[w] as number] = e;
      next[w] = (next[w] as number) + 1;
    });
  });
  return { start, block, entry };
}

/** A copy of `array` with room for at least `size` (twice as many, at the least). */
function grownTo(array: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const larger = new Int32Array(Math.max(size, array.length * 2));
  larger.set(array);
  return larger;
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

/** The UTF-16 units `chars[from .. to)` as a string (any units, lone surrogates too). */
function textOf(chars: Uint16Array, from: number, to: number): string {
  let text = '';
  for (let at = from; at < to; at += 4096) {
    text += String.fromCharCode(...chars.subarray(at, Math.min(to, at + 4096)));
  }
  return text;
}

/** A WordPostings' arrays (`image`): word `w` is `chars[starts[w] .. starts[w + 1])`. */
export interface WordPostingsImage {
  chars: Uint16Array;
  starts: Int32Array;
  counts: Int32Array;
  roles: Uint8Array;
  offsets: Float64Array;
  bytes: Uint8Array;
  grams: WordsContainingImage;
}
