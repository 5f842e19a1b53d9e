import type { ElementGeometry } from '@karta/map-core';
import L from 'leaflet';

/**
 * Puts one of our buttons on the map at a position. Leaflet's marker only positions it: it is not
 * interactive and not keyboard-focusable itself, so the button alone takes focus and clicks, and
 * its clicks never reach the map (no map click, no drag start).
 */
export function createDomMarker(
  position: L.LatLngExpression,
  element: HTMLElement,
  geometry: ElementGeometry,
  /** The map pane it is drawn in; Leaflet's marker pane when absent. */
  pane?: string,
): L.Marker {
  L.DomEvent.disableClickPropagation(element);
  const icon = L.divIcon({
    html: element,
    className: 'karta-leaflet-icon',
    iconSize: [geometry.width, geometry.height],
    iconAnchor: [geometry.anchorX, geometry.anchorY],
  });
  return L.marker(position, { icon, keyboard: false, interactive: false, ...(pane ? { pane } : {}) });
}

/**
 * Resizes a marker's icon box in place, as Leaflet does when it creates the icon. `setIcon` would
 * take the button out of the page and back, losing keyboard focus.
 */
export function resizeDomMarker(marker: L.Marker, geometry: ElementGeometry): void {
  const options = marker.options.icon?.options;
  if (options) {
    options.iconSize = [geometry.width, geometry.height];
    options.iconAnchor = [geometry.anchorX, geometry.anchorY];
  }
  const box = marker.getElement();
  if (!box) return;
  box.style.width = `${geometry.width}px`;
  box.style.height = `${geometry.height}px`;
  box.style.marginLeft = `${-geometry.anchorX}px`;
  box.style.marginTop = `${-geometry.anchorY}px`;
}

/** Moves a marker only when its position really changed (Leaflet redraws on every call). */
export function moveDomMarker(marker: L.Marker, lat: number, lng: number): void {
  const current = marker.getLatLng();
  if (current.lat !== lat || current.lng !== lng) marker.setLatLng([lat, lng]);
}
