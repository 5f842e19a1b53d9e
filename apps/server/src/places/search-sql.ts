import { hasSpellings, searchWords } from '@karta/place-search';
import type { Sql } from './place-sql.ts';

/**
 * SQL pieces of a search, folded in SQL (migrations 004 and 005). Every piece is a function that
 * adds its parameters when called, so a query takes only the parameters it uses.
 */
export interface SearchSql {
  /**
   * Every word occurs somewhere (names, descriptions, address): one trigram probe per word. Its
   * parameters are added when it is first read.
   */
  readonly filter: string;
  /**
   * The rank of a row that passes the filter: 0 a name is the query, 1 a name begins with it,
   * 2 a word of a name does, 3 the names hold every word, 4 only a description or the address
   * matches. Each as written or spelled out (`koeln` is Köln's name).
   */
  rank(): string;
  /** A condition the trigram indexes answer that holds for every row of rank `rank` (and few others). */
  classProbe(rank: number): string;
}

/** `column LIKE` each pattern, ORed: the plain fold and, when it differs, the spelled-out one. */
function likeAny(column: string, patterns: readonly string[]): string {
  const parts = patterns.map((pattern) => `${column} LIKE ${pattern}`);
  return parts.length === 1 ? (parts[0] as string) : `(${parts.join(' OR ')})`;
}

export function searchSql(search: string, param: Sql['param']): SearchSql {
  const words = searchWords(search);
  /** The folded forms of `text` as SQL: plain, and spelled out when that differs. */
  const folds = (text: string): string[] => {
    const plain = `karta_fold(${param(text, 'text')})`;
    return hasSpellings(text) ? [plain, `karta_fold_spelled(${param(text, 'text')})`] : [plain];
  };
  const everyWord = (column: string) =>
    words
      .map((word) =>
        likeAny(
          column,
          folds(word).map((w) => `'%' || ${w} || '%'`),
        ),
      )
      .join(' AND ');
  const phrase = (before: string, after: string) => (column: string) =>
    likeAny(
      column,
      folds(search).map((p) => `'%${before}' || ${p} || '${after}%'`),
    );
  const exact = phrase('|', '|');
  const nameStart = phrase('|', '');
  const wordStart = phrase(' ', '');

  let filter: string | undefined;
  return {
    get filter() {
      filter ??= `(${everyWord('p.search_text')})`;
      return filter;
    },
    rank: () => `(CASE
      WHEN ${exact('p.search_name')} THEN 0
      WHEN ${nameStart('p.search_name')} THEN 1
      WHEN ${wordStart('p.search_name')} THEN 2
      WHEN ${everyWord('p.search_name')} THEN 3
      ELSE 4 END)`,
    classProbe: (rank) => {
      switch (rank) {
        case 0:
          // The expression of the index places_names_idx (migration 005).
          return `string_to_array(btrim(p.search_name, '|'), '|') && ARRAY[${folds(search).join(', ')}]`;
        case 1:
          return nameStart('p.search_name');
        case 2:
          return wordStart('p.search_name');
        case 3:
          return `(${everyWord('p.search_name')})`;
        default:
          return `(${everyWord('p.search_text')})`;
      }
    },
  };
}
