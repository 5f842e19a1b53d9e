import type { ClusterIndex, DistanceOf } from '@karta/map-core/clustering';
import { distanceMetres } from '@karta/place-search';
import type { IndexRead, MapIndexResponse } from './protocol.ts';

/** Metres as the database measures them (place-sql.ts), so a page from memory is the SQL's page. */
export const distanceOf: DistanceOf = (origin, lat, lng) => distanceMetres(origin, { lat, lng });

/** The answer to a read of the map index, by the writer or a reader, from the same index. */
export function answerRead(index: ClusterIndex, read: IndexRead): MapIndexResponse {
  if (read.type === 'query')
    return { type: 'result', id: read.id, json: JSON.stringify(index.query(read.query)) };
  if (read.type === 'count') return { type: 'counted', id: read.id, count: index.count(read.query) };
  return { type: 'near', id: read.id, ...index.nearest(read.query, distanceOf) };
}
