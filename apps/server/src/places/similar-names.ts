/**
 * Whether two place names are alike enough to ask "is this a duplicate?" (docs/product-rules.md
 * §Duplicates): the same words whatever the case, accents or Croatian diacritics, one name inside
 * the other, or names sharing most of their letter pairs (Sørensen–Dice on bigrams, which forgives
 * typos and word order).
 */

/** Lower case, no diacritics (đ → d too, which Unicode does not decompose), words split by spaces. */
export function normalizeName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function bigrams(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const compact = text.replace(/ /g, '');
  for (let i = 0; i < compact.length - 1; i += 1) {
    const pair = compact.slice(i, i + 2);
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

/** Sørensen–Dice similarity of two normalised names' letter pairs, 0–1. */
export function nameSimilarity(a: string, b: string): number {
  const left = bigrams(a);
  const right = bigrams(b);
  let total = 0;
  for (const count of left.values()) total += count;
  for (const count of right.values()) total += count;
  if (total === 0) return a === b ? 1 : 0;
  let shared = 0;
  for (const [pair, count] of left) shared += Math.min(count, right.get(pair) ?? 0);
  return (2 * shared) / total;
}

/** The bar for "similar": "Ljekarna Centar" / "Ljekarna Centar 2" score 0.96, "… / Pekara Centar" 0.75. */
export const SIMILARITY_THRESHOLD = 0.8;

/** Whether `candidate` is likely the same place name as `name` (both as typed). */
export function isSimilarName(name: string, candidate: string): boolean {
  const a = normalizeName(name);
  const b = normalizeName(candidate);
  if (a === '' || b === '') return false;
  if (a === b) return true;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  // "Cvjetni trg" inside "Fontana na Cvjetnom trgu" is not enough, but "Knjižnica" in "Knjižnica Medveščak" is.
  if (shorter.length >= 4 && ` ${longer} `.includes(` ${shorter} `)) return true;
  return nameSimilarity(a, b) >= SIMILARITY_THRESHOLD;
}
