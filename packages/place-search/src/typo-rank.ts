/**
 * How a place found by a typo ranks (decision 016), on the server and in the browser alike.
 * Candidates come from words that share trigrams with the query (typo-spellings.ts); trigram
 * similarity alone ranks transposed letters badly ("belgarde" is more like "Bellegarde" than
 * "Belgrade"), so they are judged here by edits: letters changed, added, dropped or swapped.
 */

/** Edits a word this long may hold and still be a typo; shorter words must be exact. */
export const TYPO_MIN_WORD = 5;
export const MAX_EDITS = 2;
/** The typo ranks: the first after the ranks of matches as written (0–4); the last a cursor allows. */
export const FIRST_TYPO_RANK = 5;
export const LAST_TYPO_RANK = 30;

/**
 * The optimal string alignment distance (Levenshtein plus swaps of two neighbours), by code point,
 * or `limit + 1` as soon as it exceeds `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= t.length; j += 1) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        value = Math.min(value, (before[j - 2] as number) + 1);
      }
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[t.length] as number, limit + 1);
}

/**
 * The rank of a place whose folded names are `names` (`|name|other name|`, as `search_name`) for
 * the folded query `query`, or undefined when no name is within a typo of it. Each name, and each
 * run of as many words of a name as the query has, is compared with the query; at most two edits
 * are allowed per query word of five or more letters (none in shorter words). Rank: 5 + twice the
 * edits, plus one when only part of the name matched ("Budapest" before "Budapest XI. kerület").
 */
export function typoRank(query: string, names: string): number | undefined {
  const words = query.split(' ').filter((word) => word.length > 0);
  const allowed = words.reduce((sum, word) => sum + ([...word].length >= TYPO_MIN_WORD ? MAX_EDITS : 0), 0);
  if (allowed === 0) return undefined;
  let best: number | undefined;
  for (const name of names.split('|')) {
    const nameWords = name.split(' ').filter((word) => word.length > 0);
    for (let start = 0; start + words.length <= nameWords.length; start += 1) {
      const window = nameWords.slice(start, start + words.length).join(' ');
      const edits = editDistance(query, window, allowed);
      if (edits > allowed || !wordsWithinTypos(words, nameWords.slice(start, start + words.length))) continue;
      const whole = words.length === nameWords.length;
      const rank = FIRST_TYPO_RANK + 2 * edits + (whole ? 0 : 1);
      best = best === undefined ? rank : Math.min(best, rank);
    }
  }
  return best === undefined ? undefined : Math.min(best, LAST_TYPO_RANK);
}

/** Word by word: a short word exact, a long one within its two edits. */
function wordsWithinTypos(words: readonly string[], nameWords: readonly string[]): boolean {
  return words.every((word, index) => {
    const other = nameWords[index] ?? '';
    const limit = [...word].length >= TYPO_MIN_WORD ? MAX_EDITS : 0;
    return editDistance(word, other, limit) <= limit;
  });
}
