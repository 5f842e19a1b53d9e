/** Words of a search beyond this many are ignored (on the server each costs an index probe). */
export const MAX_SEARCH_WORDS = 8;

/**
 * The letters migration 005 spells out (ü → ue, ß → ss, đ → dj, …). A query without any has the
 * same spelled-out form as its plain one, so only a query with one needs a second pattern.
 */
const SPELLED_LETTERS = /[üöäåøæœßđ]/;

/** Whether a query (or a word of it) is matched spelled out as well as plain. */
export function hasSpellings(text: string): boolean {
  return SPELLED_LETTERS.test(text.normalize('NFC').toLowerCase());
}

/** The words of a search as typed, each of which must occur somewhere in a place's texts. */
export function searchWords(search: string): string[] {
  return search
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, MAX_SEARCH_WORDS);
}
