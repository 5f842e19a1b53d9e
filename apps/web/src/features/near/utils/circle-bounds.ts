import { type Bounds, type LatLng, offsetByMetres } from '@karta/map-core';

/** The box around a circle of `radius` metres, for fitting the map to it. */
export function circleBounds(center: LatLng, radius: number): Bounds {
  const northEast = offsetByMetres(center, radius, radius);
  const southWest = offsetByMetres(center, -radius, -radius);
  return { west: southWest.lng, south: southWest.lat, east: northEast.lng, north: northEast.lat };
}
