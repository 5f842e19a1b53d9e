import { foldSpelled, foldText, storesSpelledForm } from './fold.ts';

/** Texts by language, as a place's `name` and `description` are stored (jsonb). */
export type LocalizedTexts = Readonly<Record<string, string>>;

/**
 * chr(31), the character the SQL puts between texts while folding them: folding keeps it (it is
 * neither punctuation nor space), so it marks where one text ends after the rest is folded.
 */
const TEXT_BREAK = '\u001f';

/** JSON's escapes as PostgreSQL writes them (escape_json): other controls as \u00xx, lower-case hex. */
const JSON_ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

function jsonString(text: string): string {
  const escaped = text.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the controls JSON escapes
    /["\\\u0000-\u001f]/g,
    (char) => JSON_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `"${escaped}"`;
}

/**
 * `jsonb_path_query_array(texts, '$.*')::text`: the values in jsonb's key order (shorter keys
 * first, then by bytes; language codes are two ASCII letters, so by code unit), JSON-escaped,
 * `", "` between them.
 */
function jsonValuesText(texts: LocalizedTexts): string {
  const keys = Object.keys(texts).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  return `[${keys.map((key) => jsonString(texts[key] ?? '')).join(', ')}]`;
}

/**
 * The JSON text karta_fold_texts folds: a newline's escape `\n` made a space, and the `", "` between
 * texts made TEXT_BREAK. (A tab stays `\t`, so its `t` stays too, as it does in SQL.)
 */
function textsToFold(texts: LocalizedTexts): string {
  return jsonValuesText(texts).replaceAll('\\n', ' ').replaceAll('", "', TEXT_BREAK);
}

/**
 * `karta_fold_texts_spelled`: each text folded, `|` between them, then, when any holds a letter
 * that spells out, all of them spelled out again after a `|`. Where a text ends with punctuation
 * its fold keeps a space before the `|` (`st mark |…`), as the SQL's does.
 */
function foldTexts(texts: LocalizedTexts): string {
  const joined = textsToFold(texts);
  const plain = foldText(joined).replaceAll(TEXT_BREAK, '|');
  // karta_has_spellings reads the object's JSON; its keys are ASCII, so the values decide.
  if (!storesSpelledForm(joined)) return plain;
  return `${plain}|${foldSpelled(joined).replaceAll(TEXT_BREAK, '|')}`;
}

/** The address folded plain and, when it differs, spelled out (karta_search_text_spelled). */
function foldAddress(address: string): string {
  return storesSpelledForm(address) ? `${foldText(address)}|${foldSpelled(address)}` : foldText(address);
}

/** `search_name` (migration 005): every name, folded plain and spelled out, each between `|`. */
export function searchName(name: LocalizedTexts): string {
  return `|${foldTexts(name)}|`;
}

/**
 * `search_text` (migration 005): the names (`names`, the place's searchName, folded once for
 * both), then the descriptions and the address, as `q` filters on them.
 */
export function searchText(
  names: string,
  description: LocalizedTexts | null | undefined,
  address: string | null | undefined,
): string {
  const descriptions = description ? foldTexts(description) : '';
  const folded = address == null ? '' : foldAddress(address);
  return `${names}${descriptions}|${folded}|`;
}
