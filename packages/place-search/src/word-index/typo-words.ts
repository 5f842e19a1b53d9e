import { editDistance, MAX_EDITS } from '../typo-rank.ts';
import { placed } from './typed-memory.ts';

/**
 * Deletions are made in a word's first PREFIX letters only (SymSpell's prefix): a longer word is
 * found by its beginning and then measured whole, so a word costs at most 1 + 7 + 21 keys.
 */
const PREFIX = 7;
/** A key is a deletion's hash times 2^ID_BITS plus the word's id: exact in a double below 2^53. */
const ID_BITS = 21;
const ID_SPACE = 2 ** ID_BITS;

/**
 * The words within MAX_EDITS of a word, found by deletion (SymSpell): every word is listed under
 * each string its beginning gives with up to MAX_EDITS letters deleted, and a query looks up the
 * same deletions of its own, so two words within that many edits (letters changed, added, dropped
 * or two swapped: each costs at most one deletion on either side) share a key. The keys are one
 * sorted Float64Array (a hash and a word id in each), so a large vocabulary costs 8 bytes a key,
 * and a lookup is a few binary searches whatever its size; each word found is then measured.
 */
export class TypoWords {
  private constructor(
    private readonly words: readonly string[],
    /** Shared with other threads when made so (`of`, `adopt`). */
    readonly keys: Float64Array,
  ) {}

  /** Indexes the words of `ids` (at most 2^21 of them) among `words`; in shared memory when `shared`. */
  static of(words: readonly string[], ids: readonly number[], shared = false): TypoWords {
    if (words.length > ID_SPACE) throw new RangeError(`at most ${ID_SPACE} words`);
    const keys: number[] = [];
    for (const id of ids) {
      for (const variant of deletions(words[id] as string)) keys.push(hashOf(variant) * ID_SPACE + id);
    }
    return new TypoWords(words, placed(Float64Array.from(keys).sort(), shared));
  }

  /** The index of `keys` (another thread's `keys`) over the same words. */
  static adopt(words: readonly string[], keys: Float64Array): TypoWords {
    return new TypoWords(words, keys);
  }

  /** Calls `found(id, edits)` once for each indexed word within MAX_EDITS of `word`. */
  near(word: string, found: (id: number, edits: number) => void): void {
    const seen = new Set<number>();
    for (const variant of deletions(word)) {
      const low = hashOf(variant) * ID_SPACE;
      for (let i = lowerBound(this.keys, low); i < this.keys.length; i += 1) {
        const key = this.keys[i] as number;
        if (key >= low + ID_SPACE) break;
        const id = key - low;
        if (seen.has(id)) continue;
        seen.add(id);
        const edits = editDistance(word, this.words[id] as string, MAX_EDITS);
        if (edits <= MAX_EDITS) found(id, edits);
      }
    }
  }
}

/** The word's first PREFIX code points with up to MAX_EDITS of them deleted, itself included, once each. */
function deletions(word: string): Set<string> {
  const start = [...word].slice(0, PREFIX);
  const found = new Set<string>([start.join('')]);
  let level = [start];
  for (let edits = 0; edits < MAX_EDITS; edits += 1) {
    const next: string[][] = [];
    for (const letters of level) {
      for (let i = 0; i < letters.length; i += 1) {
        const shorter = [...letters.slice(0, i), ...letters.slice(i + 1)];
        const text = shorter.join('');
        if (found.has(text)) continue;
        found.add(text);
        next.push(shorter);
      }
    }
    level = next;
  }
  return found;
}

/** FNV-1a of the UTF-16 code units, as an unsigned 32-bit number. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function lowerBound(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
