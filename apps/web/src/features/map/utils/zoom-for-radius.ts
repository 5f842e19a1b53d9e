/** Metres per pixel at zoom 0 on the equator, for 256-px tiles. */
const METRES_PER_PIXEL_AT_ZOOM_0 = 156_543.03392;

/**
 * The zoom at which a circle of `radius` metres at `lat` spans about `radiusPixels` on screen, so a
 * small map shows the whole area a place serves. Whole zooms only, within `minZoom`…`maxZoom`.
 */
export function zoomForRadius(
  radius: number,
  lat: number,
  {
    radiusPixels = 70,
    minZoom = 3,
    maxZoom = 17,
  }: { radiusPixels?: number; minZoom?: number; maxZoom?: number } = {},
): number {
  const metresPerPixelWanted = radius / radiusPixels;
  const zoom = Math.floor(
    Math.log2((METRES_PER_PIXEL_AT_ZOOM_0 * Math.cos((lat * Math.PI) / 180)) / metresPerPixelWanted),
  );
  return Math.max(minZoom, Math.min(maxZoom, zoom));
}
