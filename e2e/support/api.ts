import { createApiClient } from '@karta/api-client';
import type { MapPlace, Place } from '@karta/contracts';

/** The typed client against the server under test, to learn the truth a page should show. */
export function apiOf(baseUrl: string) {
  return createApiClient({ baseUrl });
}

const ZAGREB_CENTRE = { lat: 45.813, lng: 15.977 };

/**
 * A published place that shows as its own marker (not inside a cluster) at `zoom`. Clusters do
 * not depend on the box asked for, so the place is a marker wherever the map is centred.
 */
export async function placeShownAsMarker(
  baseUrl: string,
  zoom = 16,
  filter: (place: Place) => boolean = () => true,
): Promise<{ marker: MapPlace; place: Place }> {
  const api = apiOf(baseUrl);
  const span = 0.05;
  const { places } = await api.map({
    bbox: {
      west: ZAGREB_CENTRE.lng - span,
      south: ZAGREB_CENTRE.lat - span,
      east: ZAGREB_CENTRE.lng + span,
      north: ZAGREB_CENTRE.lat + span,
    },
    zoom,
    lang: 'en',
  });
  for (const marker of places) {
    const place = await api.getPlace(marker.id);
    if (place.locationPrivacy === 'exact' && filter(place)) return { marker, place };
  }
  throw new Error(`No single place near Zagreb's centre at zoom ${zoom} matches`);
}

/** The home page's query string for a view centred on a place at a zoom. */
export function viewOf(place: { lat: number; lng: number }, zoom: number, selected?: number): string {
  const search = new URLSearchParams({ lat: String(place.lat), lng: String(place.lng), z: String(zoom) });
  if (selected !== undefined) search.set('place', String(selected));
  return `?${search}`;
}
