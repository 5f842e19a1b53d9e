import type { MapResponse, Place } from '@karta/contracts';
import type { ClusterResult } from '@karta/map-core/clustering';

/**
 * Turns the index's answers into the map's, each single place marked stale as the server said of
 * it: staleness is the server's word (it knows how long a place stays fresh), not the index's.
 */
export function markingStaleness(places: readonly Place[]): (result: ClusterResult) => MapResponse {
  const stale = new Set(places.filter((place) => place.stale).map((place) => place.id));
  return ({ clusters, places: single }) => ({
    clusters,
    places: single.map((place) => ({ ...place, stale: stale.has(place.id) })),
  });
}
