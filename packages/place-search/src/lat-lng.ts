/** A point on the map, in degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}
