import { foldSpelled, foldText } from './fold.ts';
import type { PreparedPlace } from './prepared-places.ts';
import { hasSpellings, searchWords } from './search-words.ts';

/** A query's folded forms: plain, and spelled out when that differs (search-sql.ts's `folds`). */
export function folds(text: string): string[] {
  return hasSpellings(text) ? [foldText(text), foldSpelled(text)] : [foldText(text)];
}

function holdsAny(text: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => text.includes(pattern));
}

/**
 * A search as written, as the server's search-sql.ts asks it: which places match (every word
 * somewhere in their texts) and how a match ranks. Its `LIKE '%…%'` patterns are substring tests
 * here: folded text holds none of LIKE's wildcards or its escape character (they are punctuation).
 */
export function writtenMatch(q: string) {
  const words = searchWords(q).map(folds);
  const phrase = folds(q);
  const exact = phrase.map((form) => `|${form}|`);
  const nameStart = phrase.map((form) => `|${form}`);
  const wordStart = phrase.map((form) => ` ${form}`);
  const holdsEveryWord = (text: string) => words.every((forms) => holdsAny(text, forms));
  return {
    /** Every word occurs in the names, descriptions or address. */
    matches: (place: PreparedPlace) => holdsEveryWord(place.text),
    /**
     * 0 a name is the query, 1 a name begins with it, 2 a word of a name does, 3 the names hold
     * every word, 4 only a description or the address matches.
     */
    rank(place: Pick<PreparedPlace, 'names'>): number {
      if (holdsAny(place.names, exact)) return 0;
      if (holdsAny(place.names, nameStart)) return 1;
      if (holdsAny(place.names, wordStart)) return 2;
      return holdsEveryWord(place.names) ? 3 : 4;
    },
  };
}
