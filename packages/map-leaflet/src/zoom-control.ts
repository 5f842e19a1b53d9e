import type { MapLabels } from '@karta/map-core';
import L from 'leaflet';

/** Leaflet's zoom buttons with the app's translated names (Leaflet's own are in English). */
export function createZoomControl(labels: MapLabels): L.Control.Zoom {
  return L.control.zoom({
    position: 'topleft',
    ...(labels.zoomIn ? { zoomInTitle: labels.zoomIn } : {}),
    ...(labels.zoomOut ? { zoomOutTitle: labels.zoomOut } : {}),
  });
}
