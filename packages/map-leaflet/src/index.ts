export { createLeafletMap } from './create-leaflet-map.ts';
