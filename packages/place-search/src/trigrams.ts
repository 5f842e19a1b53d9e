/**
 * pg_trgm's trigrams and similarity, as `karta_similar_words` (migration 005) uses them to pick the
 * vocabulary words like a misspelt query word.
 */

/** pg_trgm's words: runs of letters and digits (its KEEPONLYALNUM); anything else separates them. */
const WORD = /[\p{Alphabetic}\p{Nd}]+/gu;

/**
 * The distinct trigrams of `text` (already lower case, as folded text is): each word padded with
 * two spaces before and one after, then every three characters in a row ("  a", " ab", "ab ").
 */
export function trigrams(text: string): string[] {
  const found = new Set<string>();
  for (const [word] of text.matchAll(WORD)) {
    const chars = [...`  ${word} `];
    for (let i = 0; i + 3 <= chars.length; i += 1) found.add(`${chars[i]}${chars[i + 1]}${chars[i + 2]}`);
  }
  return [...found];
}

/**
 * pg_trgm's similarity of two texts with `count` and `otherCount` distinct trigrams, `shared` of
 * them in both: shared over all, a float4 division in C (the double quotient rounded to single
 * precision is that same number), so comparisons with a threshold and ties come out as in SQL.
 */
export function similarity(shared: number, count: number, otherCount: number): number {
  return Math.fround(shared / (count + otherCount - shared));
}

/**
 * Compares strings by code point, as the C and C.UTF-8 collations do (the databases' `ORDER BY
 * word`); JavaScript's `<` compares UTF-16 units, which puts U+E000–U+FFFF after astral letters.
 */
export function compareCodePoints(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointOrder(x) - codePointOrder(y);
  }
  return a.length - b.length;
}

/** A UTF-16 unit's place in code point order: surrogates (astral code points) after the rest of the BMP. */
function codePointOrder(unit: number): number {
  return unit >= 0xd800 && unit <= 0xdfff ? unit + 0x10000 : unit;
}
