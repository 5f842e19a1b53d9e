/** A point in degrees. */
interface Point {
  lat: number;
  lng: number;
}

/** "45.812345, 15.978901": what Copy coordinates puts on the clipboard, the same in every language. */
export function formatCoordinates({ lat, lng }: Point): string {
  return `${lat.toFixed(6)}, ${lng.toFixed(6)}`;
}

/** OpenStreetMap's route planner with the place as the destination (the start is left to the user). */
export function osmDirectionsUrl({ lat, lng }: Point): string {
  return `https://www.openstreetmap.org/directions?route=${encodeURIComponent(`;${lat.toFixed(6)},${lng.toFixed(6)}`)}`;
}

/** The place on openstreetmap.org, with a marker. */
export function osmPlaceUrl({ lat, lng }: Point, zoom = 17): string {
  const la = lat.toFixed(6);
  const ln = lng.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${la}&mlon=${ln}#map=${zoom}/${la}/${ln}`;
}

/** Google Maps directions to the place. */
export function googleDirectionsUrl({ lat, lng }: Point): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat.toFixed(6)}%2C${lng.toFixed(6)}`;
}
