import type { ClusterIndex, DistanceOf } from '@karta/map-core/clustering';
import { distanceMetres } from '@karta/place-search';
import type { IndexedWords } from './indexed-words.ts';
import type { IndexRead, MapIndexResponse } from './protocol.ts';
import { searchPage } from './search-page.ts';
import { selectMatches } from './select-matches.ts';

/** Metres as the database measures them (place-sql.ts), so a page from memory is the SQL's page. */
export const distanceOf: DistanceOf = (origin, lat, lng) => distanceMetres(origin, { lat, lng });

/** The answer to a read of the map index and its words, by the writer or a reader, from the same index. */
export function answerRead(index: ClusterIndex, words: IndexedWords, read: IndexRead): MapIndexResponse {
  if (read.type === 'query')
    return { type: 'result', id: read.id, json: JSON.stringify(index.query(read.query)) };
  if (read.type === 'count') return { type: 'counted', id: read.id, count: index.count(read.query) };
  if (read.type === 'nearest') return { type: 'near', id: read.id, ...index.nearest(read.query, distanceOf) };
  if (read.type === 'search') {
    return { type: 'ranked', id: read.id, page: searchPage(index, words, read.query, distanceOf) };
  }
  const { match, query } = read;
  // Everything that picks the set, so a kept set is only reused for the same one.
  const key = JSON.stringify([match, query.categories ?? [], query.openNow === true, query.filters ?? []]);
  const answer = index.queryAmong(key, () => selectMatches(index, words, match, query, distanceOf), query);
  return { type: 'result', id: read.id, json: JSON.stringify(answer) };
}
