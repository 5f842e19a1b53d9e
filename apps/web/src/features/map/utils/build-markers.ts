import type { MapPlace } from '@karta/contracts';
import type { MarkerItem } from '@karta/map-core';

/** How a category looks and reads in the current language. */
export interface CategoryLook {
  name: string;
  color: string;
}

/**
 * Single places as marker buttons: coloured by category (muted when out of date), named "Place,
 * Category" for screen readers.
 */
export function buildMarkers(
  places: readonly MapPlace[],
  selectedId: number | null,
  lookOf: (categorySlug: string) => CategoryLook,
  labelOf: (name: string, category: string, stale: boolean) => string,
): MarkerItem[] {
  return places.map((place) => {
    const look = lookOf(place.category);
    return {
      id: place.id,
      lat: place.lat,
      lng: place.lng,
      color: look.color,
      label: labelOf(place.name, look.name, place.stale),
      selected: place.id === selectedId,
      approximate: place.locationPrivacy !== 'exact',
      stale: place.stale,
    };
  });
}
