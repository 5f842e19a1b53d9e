import type { MapResponse, Place } from '@karta/contracts';
import type { ClusterResult, IndexedPlace } from '@karta/map-core/clustering';

/** A place as the clustering index takes it, with its hours' id in the index when it has hours. */
export function indexedPlaceOf(place: Place, hoursId?: number): IndexedPlace {
  return {
    id: place.id,
    lat: place.lat,
    lng: place.lng,
    category: place.category,
    name: place.name,
    primaryLanguage: place.primaryLanguage,
    radius: place.radius,
    locationPrivacy: place.locationPrivacy,
    hoursId,
  };
}

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
