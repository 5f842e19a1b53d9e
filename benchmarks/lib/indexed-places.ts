import { type IndexedPlace, indexedPlaceOf } from '@karta/map-core/clustering';
import { seededRandom } from './stats.ts';
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

/** The options of the bench places' `access` value, each held by about a quarter of them. */
export const ACCESS_OPTIONS = ['yes', 'customers', 'permissive', 'private'] as const;

/**
 * `places` with values of two keys, the same on every run: `access` one of ACCESS_OPTIONS and
 * `indoor` 'true' or 'false', at random. Each place gets its own values object, as places read
 * from a database do, so the index's sharing of equal values is measured too; and each is made by
 * `indexedPlaceOf`, as the server makes them (an object spread with a property added reads
 * several times slower in V8, which would be measured instead).
 */
export function withValues(places: readonly IndexedPlace[], seed = 17): IndexedPlace[] {
  const random = seededRandom(seed);
  return places.map((place) => {
    const values = {
      access: ACCESS_OPTIONS[Math.floor(random() * ACCESS_OPTIONS.length)] as string,
      indoor: random() < 0.5 ? 'true' : 'false',
    };
    return indexedPlaceOf({ ...place, values }, place.hoursId);
  });
}
