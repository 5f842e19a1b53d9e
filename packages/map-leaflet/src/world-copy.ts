/**
 * Leaflet draws the world repeated sideways and keeps longitudes unwrapped (a map panned east of
 * Fiji has its centre past 180°). Items come with longitudes in −180…180, so each is drawn on the
 * copy of the world nearest the centre, or it would sit one world-width off screen.
 */
export function nearestCopyLng(lng: number, centerLng: number): number {
  return lng + 360 * Math.round((centerLng - lng) / 360);
}
