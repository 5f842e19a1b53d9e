/**
 * The words of a place's stored texts, each with where it stands in the names: what the word
 * index keeps of a place instead of the texts themselves.
 */

/** The word occurs in the names (a search's rank 3 at worst, "the names hold every word"). */
export const IN_NAMES = 1;
/** The word follows a `|` in the names: it begins a name (rank 1, "a name begins with it"). */
export const BEGINS_NAME = 2;
/** The word follows a space in the names (rank 2, "a word of a name begins with it"). */
export const AFTER_SPACE = 4;
/** The word is a whole name on its own, between two `|` (rank 0, "a name is the query"). */
export const WHOLE_NAME = 8;
/** Bits a word's roles take. */
export const ROLE_BITS = 4;

const SPACE = 32;
const BAR = 124;

/**
 * Each distinct word of a place's `search_text` with the OR of its roles in the names (0 when it
 * occurs only in descriptions or the address). `names` is the place's `search_name`, which
 * `search_text` begins with (stored-texts.ts). Folded text separates words by spaces and texts by
 * `|` and nothing else, so a query word without a space matches such a text exactly when it lies
 * inside one of these words.
 */
export function placeWords(names: string, text: string): Map<string, number> {
  const words = new Map<string, number>();
  addWords(words, names, true);
  addWords(words, text.startsWith(names) ? text.slice(names.length) : text, false);
  return words;
}

function addWords(words: Map<string, number>, text: string, named: boolean): void {
  let start = -1;
  for (let i = 0; i <= text.length; i += 1) {
    const code = i < text.length ? text.charCodeAt(i) : BAR;
    if (code !== SPACE && code !== BAR) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    const word = text.slice(start, i);
    let roles = 0;
    if (named) {
      roles = IN_NAMES;
      const before = start > 0 ? text.charCodeAt(start - 1) : -1;
      if (before === BAR) roles |= BEGINS_NAME;
      if (before === SPACE) roles |= AFTER_SPACE;
      if (before === BAR && i < text.length && code === BAR) roles |= WHOLE_NAME;
    }
    words.set(word, (words.get(word) ?? 0) | roles);
    start = -1;
  }
}
