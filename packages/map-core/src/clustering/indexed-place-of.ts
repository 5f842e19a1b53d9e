import type { IndexedPlace } from './types.ts';

/** The fields of a place record (an API place, a list item) that the clustering index takes (`values` optional). */
export type IndexedFields = Omit<IndexedPlace, 'hoursId' | 'confirmedAt'>;

/**
 * A place as the clustering index takes it, from any record that carries its fields, with its
 * hours' id in the index when it has hours; only those fields are kept, so a full place's text
 * is not held twice.
 */
export function indexedPlaceOf(place: IndexedFields, hoursId?: number): IndexedPlace {
  return {
    id: place.id,
    lat: place.lat,
    lng: place.lng,
    category: place.category,
    name: place.name,
    primaryLanguage: place.primaryLanguage,
    radius: place.radius,
    locationPrivacy: place.locationPrivacy,
    ...(place.values === undefined ? {} : { values: place.values }),
    ...(hoursId === undefined ? {} : { hoursId }),
  };
}
