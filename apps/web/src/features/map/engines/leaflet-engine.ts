// The Leaflet engine with its stylesheet: one chunk, loaded only when the map uses Leaflet.
import '@karta/map-leaflet/style.css';

export { createLeafletMap } from '@karta/map-leaflet';
