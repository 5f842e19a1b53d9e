import type { Sql } from './place-sql.ts';

/** Words of a search beyond this many are ignored (each costs an index probe). */
const MAX_SEARCH_WORDS = 8;

/**
 * The search filter and rank. Each word must occur in the folded text (one trigram index probe
 * each); the rank puts names first: 0 a name begins with the query, 1 a word of a name does,
 * 2 the names hold every word, 3 only a description or the address matches.
 */
export function searchSql(
  search: string,
  param: Sql['param'],
): { filter: string; rank: () => string; namePrefix: () => string } {
  const words = search
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, MAX_SEARCH_WORDS);
  const folded = words.map((word) => `karta_fold(${param(word, 'text')})`);
  const filter = folded.map((word) => `p.search_text LIKE '%' || ${word} || '%'`).join(' AND ');
  const inNames = folded.map((word) => `p.search_name LIKE '%' || ${word} || '%'`).join(' AND ');
  // Called after the filter is complete: the count query takes the filter's parameters only.
  const rank = () => {
    const phrase = `karta_fold(${param(search, 'text')})`;
    return `(CASE
      WHEN p.search_name LIKE '%|' || ${phrase} || '%' THEN 0
      WHEN p.search_name LIKE '% ' || ${phrase} || '%' THEN 1
      WHEN ${inNames} THEN 2
      ELSE 3 END)`;
  };
  /** A name, or a word of one, begins with the whole query (rank 0 or 1). */
  const namePrefix = () => {
    const phrase = `karta_fold(${param(search, 'text')})`;
    return `(p.search_name LIKE '%|' || ${phrase} || '%' OR p.search_name LIKE '% ' || ${phrase} || '%')`;
  };
  return { filter: `(${filter})`, rank, namePrefix };
}

export type SearchSql = ReturnType<typeof searchSql>;
