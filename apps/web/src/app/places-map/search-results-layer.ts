import type { PlaceListItem } from '@karta/contracts';
import type { Bounds } from '@karta/map-core';
import { padBounds } from '../../features/map/utils/bounds.ts';

/**
 * The box to fit a search's results in, with room around them: at least about 300 m on each side,
 * so one result (or a few on one street) shows with its streets rather than at the highest zoom.
 */
export function searchResultsBounds(places: readonly PlaceListItem[]): Bounds | null {
  if (places.length === 0) return null;
  const lats = places.map((place) => place.lat);
  const lngs = places.map((place) => place.lng);
  return padBounds(
    { west: Math.min(...lngs), south: Math.min(...lats), east: Math.max(...lngs), north: Math.max(...lats) },
    0.05,
    0.003,
  );
}
