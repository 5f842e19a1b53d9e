/**
 * Text folded as the server folds it in SQL, so a place stored in the browser and a query typed
 * there compare as they do on the server: `karta_fold` (migration 004) and `karta_fold_spelled`
 * (migration 005), step by step.
 */

/** Combining marks left after NFD (the accents of č, é, ü…): `[\u0300-\u036f]` in karta_fold. */
const COMBINING_MARKS = /[\u0300-\u036f]+/g;

/** Letters with a stroke, which NFD does not decompose: karta_fold's translate(). */
const STROKED: Readonly<Record<string, string>> = {
  đ: 'd',
  Đ: 'D',
  ł: 'l',
  Ł: 'L',
  ø: 'o',
  Ø: 'O',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŀ: 'l',
  Ŀ: 'L',
};
const STROKED_LETTERS = /[đĐłŁøØħĦıŀĿ]/g;

/**
 * What karta_fold's `[[:punct:][:space:]’‘“”„–—]` matches on PGlite and on PostgreSQL with a UTF-8
 * ctype (C.UTF-8): the C library counts every visible character that is neither a letter nor a
 * digit as punctuation (symbols, emoji, soft hyphen, zero-width joiner, combining marks that are
 * not letters), and the whitespace controls as spaces. Measured over every code point up to
 * U+2FFFF on both databases; the curly quotes and dashes the SQL names are in this class already.
 */
const SEPARATORS = /(?:[^\p{Alphabetic}\p{Nd}\p{Cc}\p{Cn}]|[\t\n\v\f\r])+/gu;

/** Letters commonly written as two, as karta_fold_spelled spells them out (after lower case). */
const SPELLED: Readonly<Record<string, string>> = {
  ü: 'ue',
  ö: 'oe',
  ä: 'ae',
  å: 'aa',
  ø: 'oe',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  đ: 'dj',
};
const SPELLED_LETTERS = /[üöäåøæœßđ]/g;

/**
 * PostgreSQL's lower(): the C library's towlower, one character at a time. JavaScript's
 * toLowerCase differs only where it looks at context: a final capital sigma becomes ς there, σ
 * here. (Its one mapping to two characters, İ → i̇, folds to the same `i` once the dot is dropped.)
 */
function lowerAsPostgres(text: string): string {
  return text.replace(/Σ/g, 'σ').toLowerCase();
}

/** `karta_fold`: lower case, diacritics and strokes dropped, punctuation and space runs as one space, trimmed. */
export function foldText(text: string): string {
  const bare = text.normalize('NFD').replace(COMBINING_MARKS, '');
  const unstroked = bare.replace(STROKED_LETTERS, (letter) => STROKED[letter] ?? letter);
  return lowerAsPostgres(unstroked)
    .replace(SEPARATORS, ' ')
    .replace(/^ +| +$/g, '');
}

/** `karta_fold_spelled`: folded after spelling out ü → ue, ß → ss, đ → dj and the like ("Düsseldorf" → "duesseldorf"). */
export function foldSpelled(text: string): string {
  const lower = lowerAsPostgres(text.normalize('NFC'));
  return foldText(lower.replace(SPELLED_LETTERS, (letter) => SPELLED[letter] ?? letter));
}

/**
 * `karta_has_spellings`: whether a stored text holds a letter that spells out, so the spelled-out
 * form is stored too (the combining diaeresis and ring catch decomposed ü, ö, ä and å).
 */
export function storesSpelledForm(text: string): boolean {
  return /[üöäåøæœßđÜÖÄÅØÆŒẞĐ]|\u0308|\u030A/.test(text);
}
