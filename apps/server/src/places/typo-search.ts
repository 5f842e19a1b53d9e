import {
  hitOrder,
  type SearchHit,
  SIMILAR_WORDS,
  TYPO_CANDIDATES,
  TYPO_MIN_WORD,
  typoAlternatives,
  typoRank,
} from '@karta/place-search';
import type { Queryable } from '../db/database.ts';
import { firstMatches } from './first-matches.ts';
import { distanceOrNullSql } from './place-sql.ts';
import type { SearchQuery } from './search-query.ts';

/**
 * Places whose names are a typo or two away from a query that matches nothing as written
 * (decision 016). Each long word of the query is corrected against the vocabulary of name words
 * (`place_words`, migration 005): the most alike by trigrams, then those within two edits, the
 * fewest edits first (typoAlternatives). Then the places holding a corrected spelling of every
 * word, at most TYPO_CANDIDATES of them nearest the origin (or first by id), are ranked by
 * typoRank. Returns up to `count` after the cursor, in order, and how many were ranked in all.
 * (@karta/place-search holds these rules and answers the same search in the browser.)
 */
export async function readTypos(
  db: Queryable,
  query: SearchQuery,
  count: number,
): Promise<{ hits: SearchHit[]; total: number }> {
  const words = query.q.split(/\s+/).filter((word) => word.length > 0);
  const { rows: folded } = await db.query<{ folded: string; similar: string[] }>(
    `SELECT karta_fold(w.word) AS folded,
       CASE WHEN char_length(karta_fold(w.word)) >= $2::int4
         THEN karta_similar_words(karta_fold(w.word), $3::int4) ELSE '{}'::text[] END AS similar
     FROM unnest($1::text[]) WITH ORDINALITY AS w(word, n) ORDER BY w.n`,
    [words, TYPO_MIN_WORD, SIMILAR_WORDS],
  );
  const spellings = folded.filter(({ folded: word }) => word.length > 0).map(typoAlternatives);
  if (spellings.length === 0 || spellings.some((each) => each.length === 0)) return { hits: [], total: 0 };

  const origin = query.origin;
  const rows = await firstMatches<{ id: number; distance: number | null; names: string }>(
    db,
    query,
    (param) => ({
      columns: `p.id, ${distanceOrNullSql(origin, param)} AS distance, p.search_name AS names`,
      match: spellings.map(
        (each) => `(${each.map((word) => `p.search_name LIKE ${param(`%${word}%`, 'text')}`).join(' OR ')})`,
      ),
    }),
    TYPO_CANDIDATES,
  );
  const phrase = folded
    .map((row) => row.folded)
    .filter((word) => word.length > 0)
    .join(' ');
  const ranked = rows.flatMap(({ id, distance, names }) => {
    const rank = typoRank(phrase, names);
    return rank === undefined ? [] : [{ id, distance, rank }];
  });
  const order = hitOrder(query);
  ranked.sort(order);
  const after = query.after;
  // The cursor is the last hit of the page before: (rank, distance, id) in the same order.
  const cursor = after && { rank: after.rank ?? 0, distance: after.distance ?? null, id: after.id };
  const start = cursor ? ranked.findIndex((hit) => order(hit, cursor) > 0) : 0;
  return { hits: start < 0 ? [] : ranked.slice(start, start + count), total: ranked.length };
}
