import type { IndexedPlace } from '@karta/map-core/clustering';
import { type DataShape, generatePlaces } from './world-places.ts';

/**
 * `count` generated places of `shape` as the map index holds them, numbered from 1; `hoursIdOf`
 * gives a place's hours' id when the bench needs the open-now layers.
 */
export function indexedPlaces(
  shape: DataShape,
  count: number,
  hoursIdOf?: (openingHours: string | null) => number | undefined,
): IndexedPlace[] {
  const places: IndexedPlace[] = [];
  for (const place of generatePlaces(shape, count)) {
    places.push({
      id: places.length + 1,
      lat: place.lat,
      lng: place.lng,
      category: place.category,
      name: place.name,
      primaryLanguage: place.primaryLanguage,
      radius: place.radius,
      locationPrivacy: place.locationPrivacy,
      ...(hoursIdOf && { hoursId: hoursIdOf(place.openingHours) }),
    });
  }
  return places;
}
