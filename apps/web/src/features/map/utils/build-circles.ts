import type { LocationPrivacy, MapPlace } from '@karta/contracts';
import type { CircleItem } from '@karta/map-core';

/** From this zoom up, every place in view shows its radius (docs/product-rules.md §Map). */
export const AMBIENT_CIRCLES_MIN_ZOOM = 13;

/** The area a coarsened position stands for, in metres. */
export const PRIVACY_AREA_METRES: Record<Exclude<LocationPrivacy, 'exact'>, number> = {
  '100m': 100,
  '1km': 1000,
};

/** The selected place, wherever it came from (a marker, the list, a link). */
export interface SelectedCircleSource {
  id: number;
  lat: number;
  lng: number;
  radius: number | null;
  locationPrivacy: LocationPrivacy;
  color: string;
}

interface BuildCirclesInput {
  places: readonly MapPlace[];
  selected: SelectedCircleSource | null;
  zoom: number;
  colorOf: (categorySlug: string) => string;
}

function areaCircle(id: number, lat: number, lng: number, privacy: LocationPrivacy, color: string) {
  if (privacy === 'exact') return null;
  const circle: CircleItem = {
    id: `area-${id}`,
    lat,
    lng,
    radius: PRIVACY_AREA_METRES[privacy],
    color,
    kind: 'area',
  };
  return circle;
}

/**
 * The circles to draw: the selected place's radius; from zoom 13 every radius in view; and an area
 * for each place whose position is coarsened, so no one reads it as exact.
 */
export function buildCircles({ places, selected, zoom, colorOf }: BuildCirclesInput): CircleItem[] {
  const circles: CircleItem[] = [];
  const showAmbient = zoom >= AMBIENT_CIRCLES_MIN_ZOOM;
  for (const place of places) {
    const color = colorOf(place.category);
    const area = areaCircle(place.id, place.lat, place.lng, place.locationPrivacy, color);
    if (area) circles.push(area);
    if (showAmbient && place.radius !== null && place.id !== selected?.id) {
      circles.push({
        id: `radius-${place.id}`,
        lat: place.lat,
        lng: place.lng,
        radius: place.radius,
        color,
        kind: 'ambient',
      });
    }
  }
  if (selected) {
    if (!places.some((place) => place.id === selected.id)) {
      const area = areaCircle(
        selected.id,
        selected.lat,
        selected.lng,
        selected.locationPrivacy,
        selected.color,
      );
      if (area) circles.push(area);
    }
    if (selected.radius !== null) {
      circles.push({
        id: `selected-${selected.id}`,
        lat: selected.lat,
        lng: selected.lng,
        radius: selected.radius,
        color: selected.color,
        kind: 'selected',
      });
    }
  }
  return circles;
}
