import { foldText } from './fold.ts';
import { editDistance, MAX_EDITS, TYPO_MIN_WORD } from './typo-rank.ts';

/** Words of the vocabulary like a query word that are considered (karta_similar_words). */
export const SIMILAR_WORDS = 30;
/** Spellings kept per query word, among those with the fewest edits. */
export const TYPO_ALTERNATIVES = 5;
/** Places with a corrected word that are ranked at most: the nearest (or first by id). */
export const TYPO_CANDIDATES = 200;

/**
 * The words of a search as the typo search corrects them: split at white space and folded, those
 * that fold to nothing left out (typo-search.ts folds them the same way in SQL).
 */
export function foldedWords(q: string): string[] {
  return q
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map(foldText)
    .filter((word) => word.length > 0);
}

/** Whether `text` has a word long enough to hold a typo. */
export function mayHoldTypo(text: string): boolean {
  return text.split(/[\s\p{P}]+/u).some((word) => [...word].length >= TYPO_MIN_WORD);
}

/**
 * The spellings a folded query word may stand for: itself when short, else the vocabulary words
 * (`similar`, the most alike first) with the fewest edits from it (two at most), so "londn" looks
 * for london, londa and londe, not for every name holding "lon".
 */
export function typoAlternatives({ folded, similar }: { folded: string; similar: string[] }): string[] {
  if ([...folded].length < TYPO_MIN_WORD) return [folded];
  const close = similar
    .map((word) => ({ word, edits: editDistance(folded, word, MAX_EDITS) }))
    .filter(({ edits }) => edits <= MAX_EDITS);
  const fewest = Math.min(...close.map(({ edits }) => edits));
  return close
    .filter(({ edits }) => edits === fewest)
    .slice(0, TYPO_ALTERNATIVES)
    .map(({ word }) => word);
}
