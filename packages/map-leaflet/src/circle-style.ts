import type { CircleItem } from '@karta/map-core';
import type L from 'leaflet';

/**
 * How each kind of circle looks: the selected place's radius stands out, the radii of everything
 * in view stay light so they do not bury the map, and a privacy area is dashed so it reads as
 * "somewhere in here", not as a served radius.
 */
export function circleStyle(circle: CircleItem): L.PathOptions {
  const base: L.PathOptions = { color: circle.color, fillColor: circle.color, interactive: false };
  switch (circle.kind) {
    case 'selected':
      return {
        ...base,
        weight: 3,
        opacity: 0.9,
        fillOpacity: 0.15,
        className: 'karta-circle karta-circle--selected',
      };
    case 'ambient':
      return {
        ...base,
        weight: 1,
        opacity: 0.45,
        fillOpacity: 0.05,
        className: 'karta-circle karta-circle--ambient',
      };
    case 'area':
      return {
        ...base,
        weight: 2,
        opacity: 0.75,
        fillOpacity: 0.12,
        dashArray: '6 6',
        className: 'karta-circle karta-circle--area',
      };
  }
}
