import { latToUnitY, lngToUnitX, unitXToLng, unitYToLat, worldSize, wrapLng } from '../mercator.ts';
import type { IndexedPlace } from './types.ts';

/** A place with sensible defaults, for tests. */
export function testPlace(
  id: number,
  lat: number,
  lng: number,
  overrides: Partial<IndexedPlace> = {},
): IndexedPlace {
  return {
    id,
    lat,
    lng,
    category: 'pharmacy',
    name: { en: `Place ${id}` },
    primaryLanguage: 'en',
    radius: null,
    locationPrivacy: 'exact',
    ...overrides,
  };
}

/** A deterministic pseudo-random number generator (mulberry32), so failures reproduce. */
export function seededRandom(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` places scattered around a centre, in the given categories in turn. */
export function scatteredPlaces(
  count: number,
  center: { lat: number; lng: number },
  spreadDeg: number,
  categories: readonly string[],
  seed = 1,
): IndexedPlace[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) =>
    testPlace(
      i + 1,
      center.lat + (random() - 0.5) * spreadDeg,
      center.lng + (random() - 0.5) * spreadDeg * 1.4,
      { category: categories[i % categories.length] as string },
    ),
  );
}

/** The whole world as a query box. */
export const WORLD = { west: -180, south: -85, east: 180, north: 85 };

/**
 * A 1280 × 400 px map view centred on `center` at `zoom` (on 256-px tiles), as the web app sends
 * it: longitudes within ±180° (`west > east` across the antimeridian), the whole width when wider.
 */
export function viewAround(center: { lat: number; lng: number }, zoom: number) {
  const size = worldSize(zoom);
  const x = lngToUnitX(center.lng) * size;
  const y = latToUnitY(center.lat) * size;
  const wide = 1280 >= size;
  return {
    west: wide ? -180 : wrapLng(unitXToLng((x - 640) / size)),
    south: unitYToLat((y + 200) / size),
    east: wide ? 180 : wrapLng(unitXToLng((x + 640) / size)),
    north: unitYToLat((y - 200) / size),
  };
}

/** The haversine as the server measures (@karta/place-search's distanceMetres), for tests of distances. */
export function testHaversine(origin: { lat: number; lng: number }, lat: number, lng: number): number {
  const radians = Math.PI / 180;
  const halfLat = Math.sin(((lat - origin.lat) * radians) / 2);
  const halfLng = Math.sin(((lng - origin.lng) * radians) / 2);
  const a = halfLat ** 2 + Math.cos(origin.lat * radians) * Math.cos(lat * radians) * halfLng ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(a)));
}
