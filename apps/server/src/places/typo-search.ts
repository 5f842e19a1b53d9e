import type { Queryable } from '../db/database.ts';
import { firstMatches } from './first-matches.ts';
import { distanceOrNullSql } from './place-sql.ts';
import { hitOrder, type SearchHit, type SearchQuery } from './search-query.ts';
import { editDistance, MAX_EDITS, TYPO_MIN_WORD, typoRank } from './typo-rank.ts';

/** Words of the vocabulary like a query word that are considered (karta_similar_words). */
const SIMILAR_WORDS = 30;
/** Spellings kept per query word, among those with the fewest edits. */
const ALTERNATIVES = 5;
/** Places with a corrected word that are ranked at most: the nearest (or first by id). */
const CANDIDATES = 200;

/** Whether `text` has a word long enough to hold a typo. */
export function mayHoldTypo(text: string): boolean {
  return text.split(/[\s\p{P}]+/u).some((word) => [...word].length >= TYPO_MIN_WORD);
}

/**
 * Places whose names are a typo or two away from a query that matches nothing as written
 * (decision 016). Each long word of the query is corrected against the vocabulary of name words
 * (`place_words`, migration 005): the most alike by trigrams, then those within two edits, the
 * fewest edits first. Then the places holding a corrected spelling of every word, at most
 * CANDIDATES of them nearest the origin (or first by id), are ranked by typo-rank.ts. Returns up
 * to `count` after the cursor, in order, and how many were ranked in all.
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
  const spellings = folded.filter(({ folded: word }) => word.length > 0).map(alternatives);
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
    CANDIDATES,
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

/**
 * The spellings a folded query word may stand for: itself when short, else the vocabulary words
 * with the fewest edits from it (two at most), so "londn" looks for london, londa and londe, not
 * for every name holding "lon".
 */
function alternatives({ folded, similar }: { folded: string; similar: string[] }): string[] {
  if ([...folded].length < TYPO_MIN_WORD) return [folded];
  const close = similar
    .map((word) => ({ word, edits: editDistance(folded, word, MAX_EDITS) }))
    .filter(({ edits }) => edits <= MAX_EDITS);
  const fewest = Math.min(...close.map(({ edits }) => edits));
  return close
    .filter(({ edits }) => edits === fewest)
    .slice(0, ALTERNATIVES)
    .map(({ word }) => word);
}
