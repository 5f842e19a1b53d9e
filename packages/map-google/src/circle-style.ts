import type { CircleItem } from '@karta/map-core';

/**
 * How each kind of circle looks, matching the Leaflet engine: the selected place's radius stands
 * out, the radii of everything in view stay light so they do not bury the map, and a privacy area
 * is fainter inside with a firmer edge. (Google's circles cannot be dashed, unlike Leaflet's.)
 */
export function circleStyle(circle: CircleItem): google.maps.CircleOptions {
  const base: google.maps.CircleOptions = {
    strokeColor: circle.color,
    fillColor: circle.color,
    clickable: false,
  };
  switch (circle.kind) {
    case 'selected':
      return { ...base, strokeWeight: 3, strokeOpacity: 0.9, fillOpacity: 0.15, zIndex: 3 };
    case 'ambient':
      return { ...base, strokeWeight: 1, strokeOpacity: 0.45, fillOpacity: 0.05, zIndex: 1 };
    case 'area':
      return { ...base, strokeWeight: 2, strokeOpacity: 0.75, fillOpacity: 0.12, zIndex: 2 };
  }
}
