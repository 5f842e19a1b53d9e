import { compareCodePoints, similarity, trigrams } from './trigrams.ts';

/** The similarity thresholds karta_similar_words tries in turn while it finds fewer than half of what it may return. */
const THRESHOLDS = [0.5, 0.3, 0.2];
/** Shorter words are not in the vocabulary (`length(w) >= 3`, migration 005). */
const MIN_WORD = 3;

/** The words of a set of places' names, which a misspelt query word is corrected against. */
export interface Vocabulary {
  /**
   * `karta_similar_words(query, maxRows)`: up to `maxRows` words most like the folded `query` by
   * trigrams, best first (ties by code point), at the first threshold that gives at least half
   * of `maxRows`, else at the last.
   */
  similarWords(query: string, maxRows: number): string[];
}

/**
 * The vocabulary of the places whose `search_name`s are `names`: their words (plain and spelled
 * out) of three letters or more, once each, as the server's `place_words` holds them. Each word's
 * trigrams are listed under the trigram, so a query reads only the words that share one.
 */
export function vocabularyOf(names: Iterable<string>): Vocabulary {
  const distinct = new Set<string>();
  for (const text of names) {
    for (const word of text.split(/[| ]+/)) if ([...word].length >= MIN_WORD) distinct.add(word);
  }
  const words = [...distinct];
  const sizes: number[] = [];
  const wordsByTrigram = new Map<string, number[]>();
  words.forEach((word, index) => {
    const own = trigrams(word);
    sizes.push(own.length);
    for (const trigram of own) {
      const list = wordsByTrigram.get(trigram);
      if (list) list.push(index);
      else wordsByTrigram.set(trigram, [index]);
    }
  });

  return {
    similarWords(query, maxRows) {
      const wanted = trigrams(query);
      const shared = new Map<number, number>();
      for (const trigram of wanted) {
        for (const index of wordsByTrigram.get(trigram) ?? [])
          shared.set(index, (shared.get(index) ?? 0) + 1);
      }
      const alike = [...shared]
        .map(([index, count]) => ({
          word: words[index] as string,
          score: similarity(count, wanted.length, sizes[index] as number),
        }))
        .sort((a, b) => b.score - a.score || compareCodePoints(a.word, b.word));
      let found: string[] = [];
      for (const threshold of THRESHOLDS) {
        found = alike
          .filter(({ score }) => score >= threshold)
          .slice(0, maxRows)
          .map(({ word }) => word);
        if (found.length * 2 >= maxRows) break;
      }
      return found;
    },
  };
}
