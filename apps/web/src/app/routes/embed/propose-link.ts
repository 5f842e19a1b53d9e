import type { LatLng } from '@karta/map-core';
import { formatCoordinate } from '../../../lib/view-url.ts';

/** What the embed's "Propose a place" hands to Karta's form. */
export interface ProposeFromEmbed {
  /** Where the new place goes: the map's centre when the button is pressed. */
  position: LatLng;
  zoom: number;
  /** The category's slug, when the embed shows exactly one. */
  category: string | null;
  /** The host name of the site that frames the embed, recorded as the proposal's source. */
  from: string | null;
}

/**
 * `https://karta.example.org/propose?lat=…&lng=…&z=…&pin=1[&cat=…][&from=partner.example]`: the
 * form with its position (`pin=1`: the point itself, not only the map's view) and category filled.
 */
export function proposeLink(site: string, { position, zoom, category, from }: ProposeFromEmbed): string {
  const parts = [
    `lat=${formatCoordinate(position.lat)}`,
    `lng=${formatCoordinate(position.lng)}`,
    `z=${Math.round(zoom)}`,
    'pin=1',
  ];
  if (category) parts.push(`cat=${encodeURIComponent(category)}`);
  if (from) parts.push(`from=${encodeURIComponent(from)}`);
  return `${site.replace(/\/+$/, '')}/propose?${parts.join('&')}`;
}
