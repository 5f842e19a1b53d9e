import { type IndexedPlace, indexedPlaceOf } from '@karta/map-core/clustering';
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
    places.push(indexedPlaceOf({ ...place, id: places.length + 1 }, hoursIdOf?.(place.openingHours)));
  }
  return places;
}
