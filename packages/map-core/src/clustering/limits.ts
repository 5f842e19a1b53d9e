import { CLUSTER_GRID_SIZE_PX } from '../cluster-style.ts';
import { latToUnitY, worldSize } from '../mercator.ts';
import type { Bounds } from '../types.ts';

/** The widest or tallest box, in screen pixels at the asked zoom, answered at that zoom. */
export const MAX_QUERY_SIDE_PX = 4096;

/** The largest box area in screen pixels answered at the asked zoom: a full-screen 4K map. */
export const MAX_QUERY_AREA_PX = 4096 * 2048;

/** Side of a square whose diagonal (59.4 px) is under the 60-px radius: it holds one seed at most. */
const SEED_SQUARE_PX = 42;

/** How many squares of the plane's 42-px grid a stretch of `px` pixels can touch. */
const squaresAcross = (px: number) => Math.ceil(px / SEED_SQUARE_PX) + 1;

/**
 * The most features (clusters plus places) one answer can hold. The items answered have their
 * centres in the box and, after the merge pass, more than 60 px apart, so no two lie in one 42-px
 * square of a box whose sides and area are capped above: 4 950 at most. The cap counts the squares
 * of the box widened by 60 px on each side (the bound before the merge pass, when seeds were the
 * ones kept apart), 5 406, a little slack for positions rounded to whole units; a 1280 × 400 view
 * holds a few hundred in practice.
 */
export const MAX_MAP_FEATURES =
  squaresAcross(MAX_QUERY_SIDE_PX + 2 * CLUSTER_GRID_SIZE_PX) *
  squaresAcross(MAX_QUERY_AREA_PX / MAX_QUERY_SIDE_PX + 2 * CLUSTER_GRID_SIZE_PX);

/**
 * The zoom a query is answered at: the asked one (whole, within 0…maxZoom), or the highest lower
 * zoom at which the box fits the caps above, so a whole-world box at zoom 22 is answered at zoom 3.
 */
export function answerZoom(bbox: Bounds, zoom: number, maxZoom: number): number {
  let z = Math.max(0, Math.min(maxZoom, Math.floor(zoom)));
  const degrees = bbox.west > bbox.east ? bbox.east + 360 - bbox.west : bbox.east - bbox.west;
  const unitWidth = Math.min(1, degrees / 360);
  const unitHeight = Math.abs(latToUnitY(bbox.south) - latToUnitY(bbox.north));
  while (z > 0) {
    const size = worldSize(z);
    const width = unitWidth * size;
    const height = unitHeight * size;
    if (width <= MAX_QUERY_SIDE_PX && height <= MAX_QUERY_SIDE_PX && width * height <= MAX_QUERY_AREA_PX)
      break;
    z -= 1;
  }
  return z;
}
