/**
 * Google Maps repeats the world sideways when zoomed out; an overlay's pixel position may come
 * out on another copy than the one in view. Shifts `x` by whole world widths to the copy nearest
 * the centre's `centerX` (both in div pixels).
 */
export function nearestCopyX(x: number, centerX: number, worldWidth: number): number {
  if (!(worldWidth > 0)) return x;
  return x + worldWidth * Math.round((centerX - x) / worldWidth);
}
