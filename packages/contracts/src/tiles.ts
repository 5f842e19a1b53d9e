import { z } from 'zod';
import { BboxParam } from './query-params.ts';

/**
 * The deepest zoom of base-map tiles an area saved for offline use keeps: the map draws deeper
 * zooms from them (vector tiles over-zoom), so a street still reads at the map's highest zoom.
 */
export const SAVED_BASEMAP_MAX_ZOOM = 15;

/**
 * The most base-map tiles one size question covers. A box needing more is refused (400
 * `basemap_area_too_large`, `details.max`): at zoom 15 that is about a 60 km square.
 */
export const MAX_BASEMAP_TILES = 200_000;

/** `GET /api/v1/tiles/size`: the box of an area about to be saved. */
export const TilesSizeQuery = z.object({ bbox: BboxParam });
export type TilesSizeQuery = z.output<typeof TilesSizeQuery>;

/**
 * What keeping the base map of a box costs: the tiles the archive holds in it, from its own
 * least zoom to `maxZoom`, and their bytes as the server sends them (gzip).
 */
export const TilesSize = z.object({
  tiles: z.number().int().min(0),
  bytes: z.number().int().min(0),
  /** The deepest zoom counted: the archive's, at most `SAVED_BASEMAP_MAX_ZOOM`. */
  maxZoom: z.number().int().min(0).max(22),
});
export type TilesSize = z.infer<typeof TilesSize>;
